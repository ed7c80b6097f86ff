'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { login, MissingTokenError } from '@/lib/admin-client/session';
import { isApiRequestError, type ApiRequestError } from '@/lib/client/api';
import { loginSchema } from '@/lib/validations/users';
import { useFailureText, useIssueText } from '../admin-i18n';
import { Notice } from '../ui/notice';
import { TextField } from '../ui/text-field';
import { card, primaryButton, screenTitle } from '../ui/styles';

interface Credentials {
  username: string;
  password: string;
}

const resolver = zodResolver(loginSchema);

/** The seconds a 429 answer asks to wait (its Retry-After header), if it says. */
function retryAfterSeconds(error: ApiRequestError): number | undefined {
  const response = (error.cause as { response?: Response } | undefined)?.response;
  const seconds = Number(response?.headers?.get('Retry-After'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

/**
 * `/admin`: username and password. A wrong pair gets one answer whichever was wrong (the server says no more); a
 * locked account or a throttled address is told to come back later. After sign-in the shell moves on: to the
 * password change when the password is temporary, else to the first screen of the user's role.
 */
export function SignInForm() {
  const t = useTranslations('Admin.signIn');
  const failureText = useFailureText();
  const issueText = useIssueText();
  const id = useId();
  const { register, handleSubmit, setError, setFocus, resetField, formState } = useForm<Credentials>({
    defaultValues: { username: '', password: '' },
    resolver,
  });
  const [failure, setFailure] = useState<string>();
  const errors = formState.errors;

  const submit = async ({ username, password }: Credentials) => {
    setFailure(undefined);
    try {
      await login(username.trim(), password);
    } catch (error) {
      if (error instanceof MissingTokenError) {
        setFailure(t('noToken'));
      } else if (isApiRequestError(error) && error.status === 401) {
        setFailure(t('wrongCredentials'));
        resetField('password');
        setFocus('password');
      } else if (isApiRequestError(error) && error.status === 429) {
        const seconds = retryAfterSeconds(error);
        setFailure(seconds ? t('lockedFor', { minutes: Math.ceil(seconds / 60) }) : t('locked'));
      } else if (isApiRequestError(error) && error.status === 422 && error.issues.length) {
        error.issues.forEach((issue, index) =>
          setError(
            issue.path as Path<Credentials>,
            { message: issue.code ?? 'invalid' },
            { shouldFocus: index === 0 },
          ),
        );
      } else {
        setFailure(failureText(error));
      }
    }
  };

  return (
    <div className="mx-auto max-w-md">
      <div className={card}>
        <h1 className={screenTitle}>{t('title')}</h1>
        <p className="mt-1 text-slate-700">{t('intro')}</p>
        <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)} className="mt-6 space-y-4">
          <TextField
            id={`${id}-username`}
            label={t('username')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.username && issueText(errors.username.message)}
            {...register('username')}
          />
          <TextField
            id={`${id}-password`}
            type="password"
            label={t('password')}
            autoComplete="current-password"
            error={errors.password && issueText(errors.password.message)}
            {...register('password')}
          />
          <Notice tone="error" urgent>
            {failure}
          </Notice>
          <button type="submit" className={`${primaryButton} w-full`} disabled={formState.isSubmitting}>
            {formState.isSubmitting ? t('submitting') : t('submit')}
          </button>
        </form>
      </div>
    </div>
  );
}
