'use client';

import { useLocale, useTranslations } from 'next-intl';
import { deliveryErrorOf, refundAnswerOf } from '@/lib/admin-client/provider-answers';
import { RawDetails } from '../ui/raw-details';

/** A fragment of a sentence ("the card has insufficient funds") as a sentence of its own. */
export const asSentence = (text: string, locale: string) =>
  text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);

/** Why the issuer or the top-up provider did not deliver an item, in the reader's language; its own words folded. */
export function DeliveryErrorText({ error }: { error: string }) {
  const t = useTranslations('Admin.providerAnswers.delivery');
  const locale = useLocale();
  return (
    <div>
      <p className="text-red-800">{asSentence(t(deliveryErrorOf(error)), locale)}</p>
      <RawDetails value={error} />
    </div>
  );
}

/** What the payment provider answered to a refund, in the reader's language; its own words folded. */
export function RefundAnswerText({ answer }: { answer: string }) {
  const t = useTranslations('Admin.providerAnswers.refund');
  const locale = useLocale();
  return (
    <div>
      <p>{asSentence(t(refundAnswerOf(answer)), locale)}</p>
      <RawDetails value={answer} />
    </div>
  );
}
