'use client';

import { useTranslations } from 'next-intl';
import { useId, useRef, useState } from 'react';
import {
  patchPhone,
  type CorrectedPhone,
  type OrderDetails,
  type OrderLine,
} from '@/lib/admin-client/order-actions-api';
import { formatNationalPhone, parseRomanianPhone } from '@/lib/phones/romanian-phone';
import { TextField } from '../ui/text-field';
import { ActionForm, useActionForm, type OrderActionFormProps } from './action-form';
import { CorrectionButton } from './correct-item';

type TopUpOrderLine = Extract<OrderLine, { phone: unknown }>;
const FIELDS = ['phone'] as const;

/**
 * "Correct the number" on a top-up whose delivery failed: the buyer mistyped it, a caller gives the right one, and
 * staff's retry then tops up that number. Offered only while the top-up is undelivered (the server checks it again).
 */
export function CorrectPhone({
  order,
  line,
  onDone,
}: {
  order: OrderDetails;
  line: TopUpOrderLine;
  onDone: (item: CorrectedPhone) => Promise<void>;
}) {
  const p = useTranslations('Admin.actions.correctPhone');
  const shown = line.phone ? formatNationalPhone(line.phone) : '';
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2 border-t border-slate-200 pt-2 text-sm">
      <CorrectionButton
        label={p('button')}
        buttonLabel={p('buttonLabel', { phone: shown })}
        title={p('title', { phone: shown })}
        form={(close) => (
          <PhoneForm
            order={order}
            line={line}
            onClose={close}
            onDone={async (item) => {
              await onDone(item);
              close();
            }}
          />
        )}
      />
    </div>
  );
}

function PhoneForm({
  order,
  line,
  onClose,
  onDone,
}: OrderActionFormProps<CorrectedPhone> & { line: TopUpOrderLine }) {
  const p = useTranslations('Admin.actions.correctPhone');
  const v = useTranslations('Validation');
  const a = useTranslations('Admin.actions');
  const id = useId();
  const phoneRef = useRef<HTMLInputElement>(null);
  const [phone, setPhone] = useState(line.phone ? formatNationalPhone(line.phone) : '');
  const form = useActionForm({ fields: FIELDS, focus: () => phoneRef.current?.focus() });

  const save = () => {
    const parsed = parseRomanianPhone(phone);
    if (!parsed) return form.refuse({ phone: v('phoneInvalid') });
    if (parsed.kind !== 'MOBILE') return form.refuse({ phone: v('phoneNotMobile') });
    if (parsed.e164 === line.phone) return form.refuse({ phone: a('issues.phoneUnchanged') });
    return form.submit(async () => {
      const { item } = await patchPhone({ orderId: order.id, itemId: line.id, phone: parsed.e164 });
      await onDone(item);
    });
  };

  return (
    <ActionForm
      form={form}
      submitLabel={p('save')}
      pendingLabel={p('saving')}
      onSubmit={save}
      onCancel={onClose}
    >
      <p className="text-sm text-slate-800">{p('rule')}</p>
      <TextField
        ref={phoneRef}
        id={`${id}-phone`}
        label={p('phone')}
        value={phone}
        type="tel"
        autoComplete="off"
        inputMode="tel"
        className="[&_input]:font-mono"
        error={form.errors.phone}
        onChange={(event) => setPhone(event.target.value)}
      />
    </ActionForm>
  );
}
