'use client';

import dynamic from 'next/dynamic';
import { useCallback, useMemo, useRef, useState } from 'react';
import useSWR from 'swr';
import type { Catalog } from '@/lib/client/api';
import { isApiRequestError, type ApiIssue } from '@/lib/client/api-error';
import { apiOnDemand } from '@/lib/client/api-on-demand';
import type { Locale } from '@/lib/i18n/routing';
import { plateWithCountry } from '@/lib/vignettes/countries';
import { countyName } from '@/lib/vignettes/counties';
import { isSurelyBudapestToday } from '@/lib/vignettes/validity';
import type { ValidityTexts } from '@/lib/vignettes/validity-text';
import { CartPanel } from './cart-panel';
import { removeFromCart, requestItem, useCart, type CartItem } from '@/lib/cart/cart-store';
import { categoryByCode, type SellableCode } from '@/lib/vignettes/categories';
import type { CheckoutFormProps } from './checkout-form';
import { checkoutTextsUrl, type CheckoutTexts, type PageFormLabels } from '@/lib/i18n/checkout-texts';
import { fill } from '@/lib/i18n/format';
import { rememberPreformatted, type PreformattedTexts } from '@/lib/i18n/preformatted';
import { catalogNow, ItemForm } from './item-form';
import type { CategoryNames, ValidationLabels } from '@/lib/i18n/labels';

interface VignettePurchaseProps {
  categoryCode: SellableCode;
  /** The catalog the page was rendered with (null when no rate was known then): the form's first paint. */
  initialCatalog: Catalog | null;
  locale: Locale;
  /** The form's texts; the checkout's own come with its code (`loadCheckout`). */
  labels: PageFormLabels;
  validation: ValidationLabels;
  validityTexts: ValidityTexts;
  categoryNames: CategoryNames;
  /** The prices and country names of the form's first render as the server formatted them (lib/i18n/preformatted.ts). */
  preformatted: PreformattedTexts;
}

/**
 * The checkout is shown once the cart holds a vignette, which only the browser knows (the cart lives in its storage):
 * its code (e-mail check, billing data, payment) is fetched then, not with the page.
 */
const CheckoutForm = dynamic<CheckoutFormProps>(
  () =>
    import('./checkout-form').then(
      (module) => module.CheckoutForm,
      // No connection when the cart asked for it: said in place, never the page's error boundary. A reload fetches it
      // again; the cart is kept in the browser's storage.
      () =>
        function CheckoutUnavailable({ labels }: { labels: Pick<PageFormLabels, 'checkout' | 'retry'> }) {
          return (
            <RetryNotice
              text={labels.checkout.networkError}
              retry={labels.retry}
              onRetry={() => window.location.reload()}
            />
          );
        },
    ),
  { ssr: false },
);

/** A part of the form that could not be loaded, and the button that tries again. */
function RetryNotice({ text, retry, onRetry }: { text: string; retry: string; onRetry: () => void }) {
  return (
    <div className="space-y-3 rounded-lg bg-red-50 p-4" role="alert">
      <p className="text-red-800">{text}</p>
      <button
        type="button"
        onClick={onRetry}
        className="bg-brand hover:bg-brand-dark inline-flex min-h-11 items-center rounded px-4 font-semibold text-white"
      >
        {retry}
      </button>
    </div>
  );
}

/**
 * The checkout's texts (lib/i18n/checkout-texts.ts), its code fetched at the same time: the checkout shows once both
 * are there. Fails when either cannot be fetched.
 */
async function loadCheckout(locale: Locale): Promise<CheckoutTexts> {
  const [response] = await Promise.all([fetch(checkoutTextsUrl(locale)), import('./checkout-form')]);
  if (!response.ok) throw new Error(`checkout texts: ${response.status}`);
  return (await response.json()) as CheckoutTexts;
}

type Describable = Pick<CartItem, 'categoryCode' | 'type' | 'plate' | 'country' | 'county'>;

/** Groups `items.N.field` issues by N. */
function byItem(issues: readonly ApiIssue[]): Map<number, ApiIssue[]> {
  const grouped = new Map<number, ApiIssue[]>();
  for (const issue of issues) {
    const [root, index] = issue.path.split('.');
    if (root !== 'items' || index === undefined || !/^\d+$/.test(index)) continue;
    grouped.set(Number(index), [...(grouped.get(Number(index)) ?? []), issue]);
  }
  return grouped;
}

/**
 * The purchase flow of one category's page (`/{lang}/vignette/{product}`): the form is rendered on the server with the
 * page's catalog and taken over by the browser without a change of layout; the vignette is put together in three steps and added to the cart that every
 * product page shares, and the checkout prices the whole cart with a quote and starts the payment.
 */
export function VignettePurchase({
  categoryCode,
  initialCatalog,
  locale,
  labels,
  validation,
  validityTexts,
  categoryNames,
  preformatted,
}: VignettePurchaseProps) {
  // Before any child formats a price: hydrating the form then makes no Intl formatter.
  rememberPreformatted(preformatted);
  // The page is regenerated when prices change, not at midnight: a catalog of another day has another day's start
  // bounds (yesterday would be offered), so the browser asks for today's. The same day's catalog is used as it is;
  // in the hour around midnight where only a time-zone formatter could tell, it is asked for again.
  const [renderedToday] = useState(
    () => initialCatalog !== null && isSurelyBudapestToday(initialCatalog.date, new Date()),
  );
  const catalog = useSWR('vignette-catalog', () => apiOnDemand().then((api) => api.getCatalog()), {
    fallbackData: initialCatalog ?? undefined,
    revalidateOnMount: !renderedToday,
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  const cart = useCart();
  const items = useMemo(() => cart.map(requestItem), [cart]);
  const signature = JSON.stringify(items);
  const quote = useSWR(
    items.length ? ['vignette-quote', signature] : null,
    ([, body]: [string, string]) => apiOnDemand().then((api) => api.postQuote({ items: JSON.parse(body) })),
    { revalidateOnFocus: false, revalidateOnReconnect: false, shouldRetryOnError: false },
  );
  // Asked for once the cart holds a vignette, and kept for every later one (and every page of the same language).
  const checkoutTexts = useSWR(
    cart.length ? ['checkout-texts', locale] : null,
    ([, language]: [string, Locale]) => loadCheckout(language),
    {
      revalidateIfStale: false,
      revalidateOnFocus: false,
      revalidateOnReconnect: false,
      shouldRetryOnError: false,
    },
  );
  const checkoutLabels = useMemo(
    () => checkoutTexts.data && { ...labels, checkout: checkoutTexts.data.checkout },
    [labels, checkoutTexts.data],
  );
  const checkoutValidation = useMemo(
    () => checkoutTexts.data && { ...validation, ...checkoutTexts.data.validation },
    [validation, checkoutTexts.data],
  );
  const [orderIssues, setOrderIssues] = useState<{ signature: string; issues: ApiIssue[] }>();
  const [announcement, setAnnouncement] = useState('');
  // The cart is not paid yet, so its validity is worded for a purchase now: the shop's today once the catalog tells
  // it, the browser's clock until then.
  const [openedAt] = useState(() => new Date());
  const now = catalog.data ? catalogNow(catalog.data.date) : openedAt;
  const cartHeading = useRef<HTMLHeadingElement>(null);

  const describeItem = useCallback(
    (item: Describable) => {
      const category = categoryByCode(item.categoryCode);
      const period = labels.periods[item.type as keyof typeof labels.periods];
      return [
        `${category?.title ?? item.categoryCode} ${categoryNames[item.categoryCode] ?? ''}`.trim(),
        typeof period === 'object' ? period.short : item.type,
        item.county ? fill(labels.cart.county, { county: countyName(item.county) }) : undefined,
        plateWithCountry(item.plate, item.country),
      ]
        .filter(Boolean)
        .join(' · ');
    },
    [categoryNames, labels],
  );

  // Repeating the same sentence would not be announced again; a trailing no-break space makes it new.
  const announce = (text: string) =>
    setAnnouncement((previous) => (previous === text ? `${text}\u00a0` : text));

  const onAdded = (item: CartItem) =>
    announce(fill(labels.cart.added, { item: describeItem(item), count: cart.length + 1 }));

  const onRemove = (item: CartItem) => {
    removeFromCart(item.id);
    announce(fill(labels.cart.removed, { item: describeItem(item), count: Math.max(0, cart.length - 1) }));
    // The removed line's button is gone: the focus goes to the cart's heading rather than to the page's start.
    cartHeading.current?.focus();
  };

  const quoteIssues = isApiRequestError(quote.error) && quote.error.status === 422 ? quote.error.issues : [];
  const issues = byItem([
    ...quoteIssues,
    ...(orderIssues?.signature === signature ? orderIssues.issues : []),
  ]);

  return (
    // Fields focused by a failed submit scroll clear of the sticky header.
    <div className="grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] [&_input]:scroll-mt-24 [&_li]:scroll-mt-24 [&_select]:scroll-mt-24">
      <div>
        {catalog.data ? (
          <ItemForm
            categoryCode={categoryCode}
            catalog={catalog.data}
            locale={locale}
            cart={cart}
            labels={labels}
            validation={validation}
            validityTexts={validityTexts}
            describeItem={describeItem}
            onAdded={onAdded}
          />
        ) : catalog.error ? (
          <RetryNotice
            text={labels.catalogError}
            retry={labels.retry}
            onRetry={() => void catalog.mutate()}
          />
        ) : (
          <p role="status" className="flex items-center gap-3 text-slate-700" data-testid="catalog-loading">
            <span
              aria-hidden="true"
              className="border-brand size-5 animate-spin rounded-full border-2 border-t-transparent"
            />
            {labels.catalogLoading}
          </p>
        )}
      </div>
      <div className="space-y-10">
        <CartPanel
          items={cart}
          quote={quote.data}
          issues={issues}
          currentCategory={categoryCode}
          locale={locale}
          labels={labels}
          validation={validation}
          validityTexts={validityTexts}
          now={now}
          categoryNames={categoryNames}
          describeItem={describeItem}
          onRemove={onRemove}
          headingRef={cartHeading}
        />
        {cart.length > 0 && checkoutTexts.error ? (
          // The same notice as when the checkout's code could not be fetched; its button asks for both again.
          <RetryNotice
            text={labels.checkout.networkError}
            retry={labels.retry}
            onRetry={() => void checkoutTexts.mutate()}
          />
        ) : cart.length > 0 && checkoutLabels && checkoutValidation && checkoutTexts.data ? (
          <CheckoutForm
            items={cart}
            quote={{
              data: quote.data,
              error: quote.error,
              isLoading: quote.isLoading,
              retry: () => void quote.mutate(),
            }}
            locale={locale}
            labels={checkoutLabels}
            validation={checkoutValidation}
            emailSuggestion={checkoutTexts.data.emailSuggestion}
            billing={checkoutTexts.data.billing}
            validityTexts={validityTexts}
            now={now}
            describeItem={describeItem}
            onItemIssues={(found) => setOrderIssues({ signature, issues: found })}
          />
        ) : null}
      </div>
      <p role="status" className="sr-only" data-testid="cart-announcement">
        {announcement}
      </p>
    </div>
  );
}
