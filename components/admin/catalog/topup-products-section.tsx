'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
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
import { formatEur, formatRon } from '@/lib/admin-client/format';
import type { ApiIssue } from '@/lib/client/api';
import { MAX_FACE_VALUE_CENTS, MAX_TOP_UP_PRICE_BANI, TOP_UP_DELIVERIES } from '@/lib/validations/catalog';
import { useIssueText } from '../admin-i18n';
import { ScrollTable } from '../ui/scroll-table';
import { SelectField } from '../ui/select-field';
import { TextField } from '../ui/text-field';
import { primaryButton } from '../ui/styles';
import { CatalogSection } from './catalog-section';
import { ConfirmSaveDialog, OutcomeNotice, useConfirmedSave, type Outcome } from './confirmed-save';
import { CellInput, cell, useTableInputs } from './table-inputs';

type Delivery = (typeof TOP_UP_DELIVERIES)[number];
type ProductBody = NonNullable<TopUpCatalogRequest['products']>[number];

const checkbox = 'accent-brand focus-visible:outline-brand size-5 focus-visible:outline-2';

/** An amount of money typed in euro or lei, to the cent: the decimal keypad on a phone. */
const AMOUNT_INPUT = { type: 'number', inputMode: 'decimal', min: 0.01, step: 0.01 } as const;

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
  const u = useTranslations('Admin.catalog.topUps');
  const { data, error, mutate } = useSWR<TopUpCatalogSheet>(TOP_UP_PRODUCTS_URL);
  const saved = (sheet: TopUpCatalogSheet) => void mutate(sheet, { revalidate: false });

  return (
    <CatalogSection title={u('title')} intro={u('intro')} data={data} error={error}>
      {(data) => (
        <>
          <ProductsForm sheet={data} mayWrite={mayWrite} onSaved={saved} />
          {mayWrite && <AddProductForm operators={data.operators} onSaved={saved} />}
        </>
      )}
    </CatalogSection>
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
  const issueText = useIssueText();
  const productName = useProductName();
  const id = useId();
  const [draft, setDraft] = useState<Draft>({ operators: {}, products: {} });
  /** Per product id, a `Validation` key for its price; per operator id, one for its switch. */
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome>();
  const priceInputs = useTableInputs();
  const save = useConfirmedSave({
    send: ({ body }: { body: TopUpCatalogRequest; lines: string[] }) => putTopUpProducts(body),
    onSaved: (saved) => {
      setDraft({ operators: {}, products: {} });
      setOutcome({ tone: 'success', text: u('saved') });
      onSaved(saved);
    },
    onRefused: (issues, { body }) => {
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
      setOutcome({ tone: 'error', text: u('fixErrors') });
      return true;
    },
  });

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
    if (priceInputs.focusFirst(Object.keys(problems))) return;
    if (!lines.length) setOutcome({ tone: 'info', text: u('unchanged') });
    else save.ask({ body, lines });
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
                  const problem = errors[product.id];
                  return (
                    <tr key={product.id} className="border-b border-slate-200 last:border-0">
                      <th scope="row" className={`${cell} font-semibold whitespace-nowrap`}>
                        {formatEur(product.faceValueCents, locale)}
                      </th>
                      <td className={cell}>{t(`details.delivery.${product.delivery}`)}</td>
                      <td className={cell}>
                        {mayWrite ? (
                          <CellInput
                            ref={priceInputs.ref(product.id)}
                            errorId={`${id}-${product.id}-error`}
                            error={problem && issueText(problem)}
                            {...AMOUNT_INPUT}
                            aria-label={u('priceLabel', { product: name })}
                            value={priceText(product)}
                            onChange={(event) => touch(product.id, { price: event.target.value })}
                          />
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
      <OutcomeNotice outcome={outcome} />
      {mayWrite && (
        <button type="button" className={primaryButton} onClick={review}>
          {u('save')}
        </button>
      )}
      <ConfirmSaveDialog
        save={save}
        title={u('confirmTitle')}
        text={u('confirmText')}
        lines={save.confirming?.lines}
        labels={{ cancel: u('cancel'), confirm: u('confirm'), pending: u('saving') }}
      />
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
  const issueText = useIssueText();
  const productName = useProductName();
  const id = useId();
  const [values, setValues] = useState<NewProduct>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof NewProduct, string>>>({});
  const [outcome, setOutcome] = useState<Outcome>();
  const set = (change: Partial<NewProduct>) => setValues((current) => ({ ...current, ...change }));
  const errorText = (name: keyof NewProduct) => errors[name] && issueText(errors[name]);
  const save = useConfirmedSave({
    send: ({ body }: { body: ProductBody; text: string }) => putTopUpProducts({ products: [body] }),
    onSaved: (saved) => {
      setValues(EMPTY);
      setOutcome({ tone: 'success', text: a('added') });
      onSaved(saved);
    },
    onRefused: (issues) => {
      const placed = issuesAt(issues, 'products');
      if (!placed.length) return false;
      setErrors(
        Object.fromEntries(
          placed.flatMap(({ field, code }) => (FIELD_OF[field] ? [[FIELD_OF[field], code]] : [])),
        ),
      );
      setOutcome({ tone: 'error', text: t('catalog.topUps.fixErrors') });
      return true;
    },
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
    save.ask({
      body,
      text: a(values.active ? 'confirmOnSale' : 'confirmNotOnSale', {
        product: productName(operator, body),
        price: formatRon(bani, locale),
      }),
    });
  };

  return (
    <div className="space-y-3 border-t border-slate-200 pt-4">
      <h3 className="font-semibold text-slate-900">{a('title')}</h3>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-5">
        <SelectField
          id={`${id}-operatorId`}
          label={a('operator')}
          value={values.operatorId}
          error={errorText('operatorId')}
          onChange={(event) => set({ operatorId: event.target.value })}
        >
          <option value="">{a('chooseOperator')}</option>
          {operators.map((operator) => (
            <option key={operator.id} value={operator.id}>
              {operator.name}
            </option>
          ))}
        </SelectField>
        <TextField
          id={`${id}-faceValue`}
          {...AMOUNT_INPUT}
          label={a('faceValue')}
          hint={a('faceValueHint')}
          value={values.faceValue}
          error={errorText('faceValue')}
          onChange={(event) => set({ faceValue: event.target.value })}
        />
        <TextField
          id={`${id}-price`}
          {...AMOUNT_INPUT}
          label={a('price')}
          hint={a('priceHint')}
          value={values.price}
          error={errorText('price')}
          onChange={(event) => set({ price: event.target.value })}
        />
        <SelectField
          id={`${id}-delivery`}
          label={a('delivery')}
          value={values.delivery}
          error={errorText('delivery')}
          onChange={(event) => set({ delivery: event.target.value as Delivery })}
        >
          {TOP_UP_DELIVERIES.map((delivery) => (
            <option key={delivery} value={delivery}>
              {t(`details.delivery.${delivery}`)}
            </option>
          ))}
        </SelectField>
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
      <OutcomeNotice outcome={outcome} />
      <button type="button" className={primaryButton} onClick={review}>
        {a('submit')}
      </button>
      <ConfirmSaveDialog
        save={save}
        title={a('confirmTitle')}
        text={save.confirming?.text}
        note={a('confirmNote')}
        labels={{ cancel: a('cancel'), confirm: a('confirm'), pending: a('adding') }}
      />
    </div>
  );
}
