'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId, useRef, useState } from 'react';
import useSWR from 'swr';
import { FieldError } from '@/components/form/field-error';
import { majorUnitsText, minorUnitsOf } from '@/lib/admin-client/amount-input';
import {
  putTopUpProducts,
  TOP_UP_PRODUCTS_URL,
  type AdminTopUpOperator,
  type AdminTopUpProduct,
  type TopUpCatalogRequest,
  type TopUpCatalogSheet,
} from '@/lib/admin-client/catalog-api';
import { formatRon } from '@/lib/admin-client/format';
import { isApiRequestError, type ApiIssue } from '@/lib/client/api';
import { MAX_FACE_VALUE_CENTS, MAX_TOP_UP_PRICE_BANI, TOP_UP_DELIVERIES } from '@/lib/validations/catalog';
import { useFailureText, useIssueText } from '../admin-i18n';
import { AdminDialog } from '../ui/admin-dialog';
import { ConfirmActions } from '../ui/confirm-actions';
import { Notice } from '../ui/notice';
import { ScrollTable } from '../ui/scroll-table';
import { SelectField } from '../ui/select-field';
import { TextField } from '../ui/text-field';
import { card, primaryButton } from '../ui/styles';

type Delivery = (typeof TOP_UP_DELIVERIES)[number];
type ProductBody = NonNullable<TopUpCatalogRequest['products']>[number];

const cell = 'px-3 py-2 align-top';
const checkbox = 'accent-brand focus-visible:outline-brand size-5 focus-visible:outline-2';

/** Euro cents as money: 1000 → "10,00 €" in ro. */
const formatEur = (cents: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(cents / 100);

/** A price typed in lei, as bani within the API's bounds; null when it is not one. */
const baniOf = (text: string) => {
  const bani = minorUnitsOf(text);
  return bani !== null && bani >= 1 && bani <= MAX_TOP_UP_PRICE_BANI ? bani : null;
};

/** The `Validation` keys of a refused save, by the field they belong to (`products.2.priceBani` → `priceBani` of the 3rd). */
const issuesAt = (issues: ApiIssue[], prefix: string) =>
  issues.flatMap((issue) => {
    const match = new RegExp(`^${prefix}\\.(\\d+)\\.(\\w+)$`).exec(issue.path);
    return match ? [{ index: Number(match[1]), field: match[2]!, code: issue.code ?? 'invalid' }] : [];
  });

/**
 * The top-up operators and products (CATALOG_READ), changeable with CATALOG_WRITE: operators and products switched on
 * or off, prices in lei, products added. Nothing is deleted: orders name their product, so it is withdrawn instead.
 */
export function TopUpProductsSection({ mayWrite }: { mayWrite: boolean }) {
  const t = useTranslations('Admin');
  const u = useTranslations('Admin.catalog.topUps');
  const failureText = useFailureText();
  const id = useId();
  const { data, error, mutate } = useSWR<TopUpCatalogSheet>(TOP_UP_PRODUCTS_URL);
  const saved = (sheet: TopUpCatalogSheet) => void mutate(sheet, { revalidate: false });

  return (
    <section aria-labelledby={`${id}-title`} className={`${card} space-y-4`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {u('title')}
      </h2>
      <p className="text-sm text-slate-800">{u('intro')}</p>
      <Notice tone="error" urgent>
        {error ? failureText(error) : undefined}
      </Notice>
      {data ? (
        <>
          <ProductsForm sheet={data} mayWrite={mayWrite} onSaved={saved} />
          {mayWrite && <AddProductForm operators={data.operators} onSaved={saved} />}
        </>
      ) : (
        !error && (
          <p role="status" className="text-sm text-slate-700">
            {t('shell.loading')}
          </p>
        )
      )}
    </section>
  );
}

/** "Orange 10,00 € (PIN code by e-mail)". */
function useProductName() {
  const t = useTranslations('Admin');
  const locale = useLocale();
  return (
    operator: Pick<AdminTopUpOperator, 'name'>,
    product: Pick<AdminTopUpProduct, 'faceValueCents' | 'delivery'>,
  ) =>
    t('catalog.topUps.productName', {
      operator: operator.name,
      value: formatEur(product.faceValueCents, locale),
      delivery: t(`details.delivery.${product.delivery}`),
    });
}

interface Draft {
  operators: Record<string, boolean>;
  /** Only what was touched; the rest is as stored. */
  products: Record<string, { price?: string; active?: boolean }>;
}

function ProductsForm({
  sheet,
  mayWrite,
  onSaved,
}: {
  sheet: TopUpCatalogSheet;
  mayWrite: boolean;
  onSaved: (sheet: TopUpCatalogSheet) => void;
}) {
  const t = useTranslations('Admin');
  const u = useTranslations('Admin.catalog.topUps');
  const locale = useLocale();
  const failureText = useFailureText();
  const issueText = useIssueText();
  const productName = useProductName();
  const id = useId();
  const [draft, setDraft] = useState<Draft>({ operators: {}, products: {} });
  /** Per product id, a `Validation` key for its price; per operator id, one for its switch. */
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState<{ body: TopUpCatalogRequest; lines: string[] } | null>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error' | 'info'; text: string }>();
  const priceInputs = useRef(new Map<string, HTMLInputElement>());

  const operatorActive = (operator: AdminTopUpOperator) => draft.operators[operator.id] ?? operator.active;
  const priceText = (product: AdminTopUpProduct) =>
    draft.products[product.id]?.price ?? majorUnitsText(product.priceBani);
  const productActive = (product: AdminTopUpProduct) => draft.products[product.id]?.active ?? product.active;
  const touch = (productId: string, change: { price?: string; active?: boolean }) =>
    setDraft((current) => ({
      ...current,
      products: { ...current.products, [productId]: { ...current.products[productId], ...change } },
    }));

  const review = () => {
    setOutcome(undefined);
    const problems: Record<string, string> = {};
    const body: Required<TopUpCatalogRequest> = { operators: [], products: [] };
    const lines: string[] = [];
    for (const operator of sheet.operators) {
      const active = operatorActive(operator);
      if (active !== operator.active) {
        body.operators.push({ id: operator.id, active });
        lines.push(u(active ? 'operatorOn' : 'operatorOff', { operator: operator.name }));
      }
      for (const product of operator.products) {
        const bani = baniOf(priceText(product));
        if (bani === null) {
          problems[product.id] = 'priceInvalid';
          continue;
        }
        const on = productActive(product);
        if (bani === product.priceBani && on === product.active) continue;
        const { id: productId, operatorId, faceValueCents, delivery } = product;
        body.products.push({
          id: productId,
          operatorId,
          faceValueCents,
          delivery,
          priceBani: bani,
          active: on,
        });
        const name = productName(operator, product);
        if (bani !== product.priceBani)
          lines.push(
            u('priceChange', {
              product: name,
              from: formatRon(product.priceBani, locale),
              to: formatRon(bani, locale),
            }),
          );
        if (on !== product.active) lines.push(u(on ? 'productOn' : 'productOff', { product: name }));
      }
    }
    setErrors(problems);
    const first = Object.keys(problems)[0];
    if (first) {
      priceInputs.current.get(first)?.focus();
      return;
    }
    if (!lines.length) setOutcome({ tone: 'info', text: u('unchanged') });
    else setConfirming({ body, lines });
  };

  const save = async (body: TopUpCatalogRequest) => {
    setPending(true);
    setFailure(undefined);
    try {
      const saved = await putTopUpProducts(body);
      setDraft({ operators: {}, products: {} });
      setConfirming(null);
      setOutcome({ tone: 'success', text: u('saved') });
      onSaved(saved);
    } catch (error) {
      const issues = isApiRequestError(error) && error.status === 422 ? (error.issues ?? []) : [];
      if (!issues.length) {
        setFailure(failureText(error));
        return;
      }
      const problems: Record<string, string> = {};
      for (const { index, code } of issuesAt(issues, 'products')) {
        const productId = body.products?.[index]?.id;
        if (productId) problems[productId] = code;
      }
      for (const { index, code } of issuesAt(issues, 'operators')) {
        const operatorId = body.operators?.[index]?.id;
        if (operatorId) problems[operatorId] = code;
      }
      setErrors(problems);
      setConfirming(null);
      setOutcome({ tone: 'error', text: u('fixErrors') });
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="space-y-6">
      {sheet.operators.map((operator) => {
        const switchId = `${id}-${operator.id}-active`;
        return (
          <div key={operator.id} className="space-y-2">
            <h3 className="font-semibold text-slate-900">
              {operator.name} <span className="font-normal text-slate-700">· {operator.plan}</span>
            </h3>
            {mayWrite ? (
              <div>
                <label
                  htmlFor={switchId}
                  className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-900"
                >
                  <input
                    id={switchId}
                    type="checkbox"
                    className={checkbox}
                    checked={operatorActive(operator)}
                    aria-invalid={errors[operator.id] ? true : undefined}
                    aria-describedby={errors[operator.id] ? `${switchId}-error` : undefined}
                    onChange={(event) => {
                      const active = event.target.checked;
                      setDraft((current) => ({
                        ...current,
                        operators: { ...current.operators, [operator.id]: active },
                      }));
                    }}
                  />
                  {u('operatorActive', { operator: operator.name })}
                </label>
                <FieldError
                  id={`${switchId}-error`}
                  message={errors[operator.id] && issueText(errors[operator.id])}
                />
              </div>
            ) : (
              <p className="text-sm text-slate-800">
                {operator.active ? u('operatorOnSale') : u('operatorNotOnSale')}
              </p>
            )}
            <ScrollTable caption={u('caption', { operator: operator.name })} minWidth="min-w-[40rem]">
              <thead className="border-b border-slate-300 bg-slate-50">
                <tr>
                  {(['faceValue', 'delivery', 'price', 'active', 'id'] as const).map((column) => (
                    <th key={column} scope="col" className={`${cell} font-semibold`}>
                      {u(`columns.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {operator.products.map((product) => {
                  const name = productName(operator, product);
                  const errorId = `${id}-${product.id}-error`;
                  const problem = errors[product.id];
                  return (
                    <tr key={product.id} className="border-b border-slate-200 last:border-0">
                      <th scope="row" className={`${cell} font-semibold whitespace-nowrap`}>
                        {formatEur(product.faceValueCents, locale)}
                      </th>
                      <td className={cell}>{t(`details.delivery.${product.delivery}`)}</td>
                      <td className={cell}>
                        {mayWrite ? (
                          <>
                            <input
                              ref={(element) => {
                                if (element) priceInputs.current.set(product.id, element);
                                else priceInputs.current.delete(product.id);
                              }}
                              type="number"
                              inputMode="decimal"
                              min={0.01}
                              step={0.01}
                              aria-label={u('priceLabel', { product: name })}
                              aria-invalid={problem ? true : undefined}
                              aria-describedby={problem ? errorId : undefined}
                              value={priceText(product)}
                              onChange={(event) => touch(product.id, { price: event.target.value })}
                              className="focus-visible:outline-brand min-h-11 w-28 rounded-md border border-slate-400 bg-white px-2 text-right text-base text-slate-900 focus-visible:outline-2 aria-[invalid=true]:border-red-700"
                            />
                            <FieldError id={errorId} message={problem && issueText(problem)} />
                          </>
                        ) : (
                          <span className="whitespace-nowrap">{formatRon(product.priceBani, locale)}</span>
                        )}
                      </td>
                      <td className={cell}>
                        {mayWrite ? (
                          <input
                            type="checkbox"
                            className={`${checkbox} mt-3`}
                            aria-label={u('activeLabel', { product: name })}
                            checked={productActive(product)}
                            onChange={(event) => touch(product.id, { active: event.target.checked })}
                          />
                        ) : product.active ? (
                          u('yes')
                        ) : (
                          u('no')
                        )}
                      </td>
                      <td className={`${cell} font-mono text-xs text-slate-700`}>{product.id}</td>
                    </tr>
                  );
                })}
              </tbody>
            </ScrollTable>
          </div>
        );
      })}
      <Notice tone={outcome?.tone} urgent={outcome?.tone === 'error'}>
        {outcome?.text}
      </Notice>
      {mayWrite && (
        <button type="button" className={primaryButton} onClick={review}>
          {u('save')}
        </button>
      )}
      <AdminDialog
        open={confirming !== null}
        onClose={() => {
          setConfirming(null);
          setFailure(undefined);
        }}
        title={u('confirmTitle')}
      >
        <p className="text-slate-800">{u('confirmText')}</p>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-900">
          {confirming?.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <ConfirmActions
          failure={failure}
          cancelLabel={u('cancel')}
          confirmLabel={pending ? u('saving') : u('confirm')}
          onCancel={() => {
            setConfirming(null);
            setFailure(undefined);
          }}
          onConfirm={() => confirming && void save(confirming.body)}
          disabled={pending}
        />
      </AdminDialog>
    </div>
  );
}

interface NewProduct {
  operatorId: string;
  faceValue: string;
  price: string;
  delivery: Delivery;
  active: boolean;
}

const EMPTY: NewProduct = { operatorId: '', faceValue: '', price: '', delivery: 'DIRECT', active: true };
/** The form's fields by the request's names, for the server's issues. */
const FIELD_OF: Record<string, keyof NewProduct> = {
  operatorId: 'operatorId',
  faceValueCents: 'faceValue',
  priceBani: 'price',
  delivery: 'delivery',
};

/** A new product: the operator, the face value in euro, the price in lei, the delivery, on sale at once or not. */
function AddProductForm({
  operators,
  onSaved,
}: {
  operators: AdminTopUpOperator[];
  onSaved: (sheet: TopUpCatalogSheet) => void;
}) {
  const t = useTranslations('Admin');
  const a = useTranslations('Admin.catalog.topUps.add');
  const locale = useLocale();
  const failureText = useFailureText();
  const issueText = useIssueText();
  const productName = useProductName();
  const id = useId();
  const [values, setValues] = useState<NewProduct>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof NewProduct, string>>>({});
  const [confirming, setConfirming] = useState<{ body: ProductBody; text: string } | null>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string }>();
  const set = (change: Partial<NewProduct>) => setValues((current) => ({ ...current, ...change }));
  const errorProps = (name: keyof NewProduct) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });

  const review = () => {
    setOutcome(undefined);
    const problems: typeof errors = {};
    const operator = operators.find((candidate) => candidate.id === values.operatorId);
    if (!operator) problems.operatorId = 'operatorUnknown';
    const cents = minorUnitsOf(values.faceValue);
    if (cents === null || cents < 1 || cents > MAX_FACE_VALUE_CENTS) problems.faceValue = 'faceValueInvalid';
    const bani = baniOf(values.price);
    if (bani === null) problems.price = 'priceInvalid';
    setErrors(problems);
    const first = (['operatorId', 'faceValue', 'price'] as const).find((name) => problems[name]);
    if (first || !operator || cents === null || bani === null) {
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    const body = {
      operatorId: operator.id,
      faceValueCents: cents,
      priceBani: bani,
      delivery: values.delivery,
      active: values.active,
    };
    setConfirming({
      body,
      text: a(values.active ? 'confirmOnSale' : 'confirmNotOnSale', {
        product: productName(operator, body),
        price: formatRon(bani, locale),
      }),
    });
  };

  const save = async (body: ProductBody) => {
    setPending(true);
    setFailure(undefined);
    try {
      const saved = await putTopUpProducts({ products: [body] });
      setValues(EMPTY);
      setConfirming(null);
      setOutcome({ tone: 'success', text: a('added') });
      onSaved(saved);
    } catch (error) {
      const issues =
        isApiRequestError(error) && error.status === 422 ? issuesAt(error.issues ?? [], 'products') : [];
      if (!issues.length) {
        setFailure(failureText(error));
        return;
      }
      setErrors(
        Object.fromEntries(
          issues.flatMap(({ field, code }) => (FIELD_OF[field] ? [[FIELD_OF[field], code]] : [])),
        ),
      );
      setConfirming(null);
      setOutcome({ tone: 'error', text: t('catalog.topUps.fixErrors') });
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="space-y-3 border-t border-slate-200 pt-4">
      <h3 className="font-semibold text-slate-900">{a('title')}</h3>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-5">
        <div>
          <SelectField
            id={`${id}-operatorId`}
            label={a('operator')}
            value={values.operatorId}
            onChange={(event) => set({ operatorId: event.target.value })}
            {...errorProps('operatorId')}
          >
            <option value="">{a('chooseOperator')}</option>
            {operators.map((operator) => (
              <option key={operator.id} value={operator.id}>
                {operator.name}
              </option>
            ))}
          </SelectField>
          <FieldError
            id={`${id}-operatorId-error`}
            message={errors.operatorId && issueText(errors.operatorId)}
          />
        </div>
        <TextField
          id={`${id}-faceValue`}
          type="number"
          inputMode="decimal"
          min={0.01}
          step={0.01}
          label={a('faceValue')}
          hint={a('faceValueHint')}
          value={values.faceValue}
          error={errors.faceValue && issueText(errors.faceValue)}
          onChange={(event) => set({ faceValue: event.target.value })}
        />
        <TextField
          id={`${id}-price`}
          type="number"
          inputMode="decimal"
          min={0.01}
          step={0.01}
          label={a('price')}
          hint={a('priceHint')}
          value={values.price}
          error={errors.price && issueText(errors.price)}
          onChange={(event) => set({ price: event.target.value })}
        />
        <div>
          <SelectField
            id={`${id}-delivery`}
            label={a('delivery')}
            value={values.delivery}
            onChange={(event) => set({ delivery: event.target.value as Delivery })}
            {...errorProps('delivery')}
          >
            {TOP_UP_DELIVERIES.map((delivery) => (
              <option key={delivery} value={delivery}>
                {t(`details.delivery.${delivery}`)}
              </option>
            ))}
          </SelectField>
          <FieldError id={`${id}-delivery-error`} message={errors.delivery && issueText(errors.delivery)} />
        </div>
        <label
          htmlFor={`${id}-active`}
          className="inline-flex min-h-11 items-center gap-2 self-end text-sm text-slate-900"
        >
          <input
            id={`${id}-active`}
            type="checkbox"
            className={checkbox}
            checked={values.active}
            onChange={(event) => set({ active: event.target.checked })}
          />
          {a('active')}
        </label>
      </div>
      <Notice tone={outcome?.tone} urgent={outcome?.tone === 'error'}>
        {outcome?.text}
      </Notice>
      <button type="button" className={primaryButton} onClick={review}>
        {a('submit')}
      </button>
      <AdminDialog
        open={confirming !== null}
        onClose={() => {
          setConfirming(null);
          setFailure(undefined);
        }}
        title={a('confirmTitle')}
      >
        <p className="text-slate-800">{confirming?.text}</p>
        <p className="mt-2 text-sm text-slate-700">{a('confirmNote')}</p>
        <ConfirmActions
          failure={failure}
          cancelLabel={a('cancel')}
          confirmLabel={pending ? a('adding') : a('confirm')}
          onCancel={() => {
            setConfirming(null);
            setFailure(undefined);
          }}
          onConfirm={() => confirming && void save(confirming.body)}
          disabled={pending}
        />
      </AdminDialog>
    </div>
  );
}
