import 'server-only';

import { getConfig, loopbackOrigin } from '@/lib/config/env';
import { getDb } from '@/lib/db/client';
import { httpTransport, type NetopiaTransport } from './netopia/client';
import {
  SANDBOX_POS_SIGNATURE,
  sandboxSite,
  sandboxCredit,
  sandboxStart,
  sandboxStatus,
  sandboxTtlSeconds,
} from './sandbox/sandbox';
import { getSandboxKeys } from '@/lib/db/generated-secrets';

export interface PaymentGateway {
  kind: 'sandbox' | 'netopia';
  posSignature: string;
  transport: NetopiaTransport;
  publicKeyPem(): Promise<string>;
  /** Where the provider posts its notifications and sends the buyer back. */
  notifyUrl: string;
  returnUrl(orderId: string): string;
  /** How long the provider's form stays open, after which the reconciler asks about the order. */
  formLifetimeSeconds: number;
}

/**
 * The configured payment provider. Both speak Netopia's v2 protocol through the same client; the sandbox is
 * reached in-process (it is part of this app), Netopia over HTTPS with the API key.
 */
export function getPaymentGateway(): PaymentGateway {
  const config = getConfig();
  if (config.PAYMENT_PROVIDER === 'netopia') {
    return {
      kind: 'netopia',
      posSignature: config.NETOPIA_POS_SIGNATURE!,
      transport: httpTransport(config.NETOPIA_API_URL!, config.NETOPIA_API_KEY!),
      // Keys often arrive in one environment line with literal \n.
      publicKeyPem: async () => config.NETOPIA_PUBLIC_KEY!.replace(/\\n/g, '\n'),
      notifyUrl: `${config.siteUrl}/api/payments/netopia/notify`,
      returnUrl: (orderId) => `${config.siteUrl}/api/payments/return?orderId=${encodeURIComponent(orderId)}`,
      formLifetimeSeconds: 15 * 60,
    };
  }
  // The sandbox notifies this very server: loopback always reaches it, whatever the public address is.
  const internal = loopbackOrigin(config);
  return {
    kind: 'sandbox',
    posSignature: SANDBOX_POS_SIGNATURE,
    transport: async (path, body) => {
      const db = await getDb();
      if (path === '/payment/card/start') return sandboxStart(db, body, sandboxSite(config));
      return path === '/operation/credit' ? sandboxCredit(db, body) : sandboxStatus(db, body);
    },
    publicKeyPem: async () => (await getSandboxKeys(await getDb())).publicKeyPem,
    notifyUrl: `${internal}/api/payments/netopia/notify`,
    returnUrl: (orderId) => `${config.siteUrl}/api/payments/return?orderId=${encodeURIComponent(orderId)}`,
    formLifetimeSeconds: sandboxTtlSeconds(),
  };
}
