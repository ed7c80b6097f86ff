'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { postSignUp, type Role } from '@/lib/admin-client/admin-api';
import { isApiRequestError } from '@/lib/client/api';
import { signUpSchema } from '@/lib/validations/users';
import { useFailureText, useIssueText } from '../admin-i18n';
import { Notice } from '../ui/notice';
import { SelectField } from '../ui/select-field';
import { TextField } from '../ui/text-field';
import { card, primaryButton, secondaryButton } from '../ui/styles';
import { useRoleName } from './users-table';

interface NewUser {
  username: string;
  role: string;
  password: string;
}

const resolver = zodResolver(signUpSchema);
const FIELDS = new Set(['username', 'role', 'password']);
/** No look-alikes (0/O, 1/l/I): the password is read out or typed from a note. */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function generatePassword(length = 16): string {
  const random = crypto.getRandomValues(new Uint32Array(length));
  return Array.from(random, (value) => ALPHABET[value % ALPHABET.length]).join('');
}

/** A new staff member: username, role and an initial password, which they must change at their first sign-in. */
export function CreateUserForm({ roles, onCreated }: { roles: Role[]; onCreated: () => void }) {
  const c = useTranslations('Admin.users.create');
  const failureText = useFailureText();
  const issueText = useIssueText();
  const roleName = useRoleName();
  const id = useId();
  const { register, handleSubmit, setError, setValue, reset, formState } = useForm<NewUser>({
    defaultValues: { username: '', role: '', password: '' },
    resolver,
  });
  const [visible, setVisible] = useState(false);
  const [created, setCreated] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const errors = formState.errors;
  const errorOf = (name: keyof NewUser) => errors[name] && issueText(errors[name].message);

  const submit = async (values: NewUser) => {
    setCreated(undefined);
    setFailure(undefined);
    try {
      const user = await postSignUp({ ...values, username: values.username.trim() });
      reset();
      setVisible(false);
      setCreated(c('created', { username: user.username }));
      onCreated();
    } catch (error) {
      const issues = isApiRequestError(error) && error.status === 422 ? error.issues : [];
      const own = issues.filter((issue) => FIELDS.has(issue.path));
      own.forEach((issue, index) =>
        setError(
          issue.path as Path<NewUser>,
          { message: issue.code ?? 'invalid' },
          { shouldFocus: index === 0 },
        ),
      );
      if (!own.length) setFailure(failureText(error));
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className={card}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {c('title')}
      </h2>
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(submit)(event)}
        className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-3"
      >
        <TextField
          id={`${id}-username`}
          label={c('username')}
          hint={c('usernameHint')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          error={errorOf('username')}
          {...register('username')}
        />
        <SelectField id={`${id}-role`} label={c('role')} error={errorOf('role')} {...register('role')}>
          <option value="">{c('chooseRole')}</option>
          {roles.map((role) => (
            <option key={role.name} value={role.name}>
              {roleName(role.name)}
            </option>
          ))}
        </SelectField>
        <div>
          <TextField
            id={`${id}-password`}
            type={visible ? 'text' : 'password'}
            label={c('password')}
            hint={c('passwordHint')}
            autoComplete="new-password"
            spellCheck={false}
            error={errorOf('password')}
            {...register('password')}
          />
          <div className="mt-2 flex flex-wrap gap-2">
            <button
              type="button"
              className={secondaryButton}
              onClick={() => {
                setValue('password', generatePassword(), { shouldValidate: formState.isSubmitted });
                setVisible(true);
              }}
            >
              {c('generate')}
            </button>
            <button
              type="button"
              className={secondaryButton}
              aria-pressed={visible}
              onClick={() => setVisible((value) => !value)}
            >
              {c('show')}
            </button>
          </div>
        </div>
        <div className="space-y-3 md:col-span-3">
          <Notice tone="success">{created}</Notice>
          <Notice tone="error" urgent>
            {failure}
          </Notice>
          <button type="submit" className={primaryButton} disabled={formState.isSubmitting}>
            {formState.isSubmitting ? c('submitting') : c('submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
