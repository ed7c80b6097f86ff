'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { z } from 'zod';
import { changeOwnPassword, getSession, useSession } from '@/lib/admin-client/session';
import { isApiRequestError } from '@/lib/client/api';
import { changePasswordSchema } from '@/lib/validations/users';
import { useFailureText, useIssueText } from '../admin-i18n';
import { homePath } from '../screens';
import { Notice } from '../ui/notice';
import { TextField } from '../ui/text-field';
import { card, primaryButton, screenTitle } from '../ui/styles';

/** The shared schema's rules for the two passwords, the new one typed twice and different from the old one. */
const formSchema = changePasswordSchema
  .pick({ oldPass: true, newPass: true })
  .extend({ confirm: z.string() })
  .superRefine((values, context) => {
    if (values.newPass && values.newPass === values.oldPass) {
      context.addIssue({ code: 'custom', path: ['newPass'], message: 'passwordSameAsOld' });
    }
    if (values.confirm !== values.newPass) {
      context.addIssue({ code: 'custom', path: ['confirm'], message: 'passwordMismatch' });
    }
  });
type PasswordValues = z.infer<typeof formSchema>;
const resolver = zodResolver(formSchema);
const FIELDS = new Set(['oldPass', 'newPass']);

/**
 * "Change my password", for every user; the first screen, and the only one, while a temporary password is in use.
 * The server answers with a new token (the old one is revoked) that replaces the stored one.
 */
export function ChangePasswordForm() {
  const t = useTranslations('Admin.password');
  const failureText = useFailureText();
  const issueText = useIssueText();
  const id = useId();
  const router = useRouter();
  const session = useSession();
  const forced = session.status === 'signedIn' && session.mustChangePassword;
  const { register, handleSubmit, setError, reset, formState } = useForm<PasswordValues>({
    defaultValues: { oldPass: '', newPass: '', confirm: '' },
    resolver,
  });
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string>();
  const errors = formState.errors;
  const message = (code: string | undefined) =>
    code === 'passwordMismatch' ? t('mismatch') : issueText(code);
  const errorOf = (name: keyof PasswordValues) => errors[name] && message(errors[name].message);

  const submit = async ({ oldPass, newPass }: PasswordValues) => {
    setDone(false);
    setFailure(undefined);
    try {
      await changeOwnPassword(oldPass, newPass);
      reset();
      if (forced) router.replace(homePath(getSession()));
      else setDone(true);
    } catch (error) {
      const issues = isApiRequestError(error) && error.status === 422 ? error.issues : [];
      const own = issues.filter((issue) => FIELDS.has(issue.path));
      own.forEach((issue, index) =>
        setError(
          issue.path as Path<PasswordValues>,
          { message: issue.code ?? 'invalid' },
          { shouldFocus: index === 0 },
        ),
      );
      if (!own.length) setFailure(failureText(error));
    }
  };

  return (
    <div className="mx-auto max-w-lg">
      <div className={card}>
        <h1 className={screenTitle}>{forced ? t('forcedTitle') : t('title')}</h1>
        {forced && <p className="mt-2 text-slate-800">{t('forced')}</p>}
        <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)} className="mt-6 space-y-4">
          <TextField
            id={`${id}-old`}
            type="password"
            label={t('current')}
            autoComplete="current-password"
            error={errorOf('oldPass')}
            {...register('oldPass')}
          />
          <TextField
            id={`${id}-new`}
            type="password"
            label={t('new')}
            hint={t('newHint')}
            autoComplete="new-password"
            error={errorOf('newPass')}
            {...register('newPass')}
          />
          <TextField
            id={`${id}-confirm`}
            type="password"
            label={t('confirm')}
            autoComplete="new-password"
            error={errorOf('confirm')}
            {...register('confirm')}
          />
          <Notice tone="error" urgent>
            {failure}
          </Notice>
          <Notice tone="success">{done ? t('done') : undefined}</Notice>
          <button
            type="submit"
            className={`${primaryButton} w-full sm:w-auto`}
            disabled={formState.isSubmitting}
          >
            {formState.isSubmitting ? t('submitting') : t('submit')}
          </button>
        </form>
      </div>
    </div>
  );
}
