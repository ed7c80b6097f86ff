'use client';

import { useMessages, useTranslations } from 'next-intl';
import { refundAnswerOf, refundRefusalOf } from '@/lib/admin-client/provider-answers';
import { isApiRequestError } from '@/lib/client/api';
import { isKeyOf, useFailureText, useIssueText } from '../admin-i18n';

/** What a refused action means on its form: a text per field the server named, and a message for the rest. */
export interface ActionFailure<Field extends string> {
  fields: Partial<Record<Field, string>>;
  message?: string;
  /** The server's own words (English), shown folded behind "Technical details". */
  raw?: string;
}

/**
 * Reads a failed order action for its form. A 409 says the order's state does not allow it: said in the reader's
 * language (a refund the payment provider refused, with its answer in words), the server's English message folded
 * behind "Technical details". A 422 names fields: each issue goes next to its field, translated
 * from its code (the actions' own codes first, then the shared validation messages). Anything else is the usual
 * failure text (no rights, no such order, no answer).
 */
export function useActionFailure() {
  const a = useTranslations('Admin.actions');
  const providerAnswer = useTranslations('Admin.providerAnswers.refund');
  const { Admin } = useMessages();
  const failureText = useFailureText();
  const issueText = useIssueText();

  const codeText = (code: string | undefined) =>
    code && isKeyOf(Admin.actions.issues, code) ? a(`issues.${code}`) : issueText(code);

  return <Field extends string>(error: unknown, fields: readonly Field[]): ActionFailure<Field> => {
    if (!isApiRequestError(error)) return { fields: {}, message: failureText(error) };
    if (error.status === 409) {
      const said = error.body?.error.message?.trim() || undefined;
      const answer = said && refundRefusalOf(said);
      if (answer) {
        const why = providerAnswer(refundAnswerOf(answer));
        return { fields: {}, message: a('refund.refusedByProvider', { answer: why }), raw: answer };
      }
      return { fields: {}, message: a('conflict'), raw: said };
    }
    if (error.status === 422 && error.issues.length > 0) {
      const named: Partial<Record<Field, string>> = {};
      const others: string[] = [];
      for (const issue of error.issues) {
        const field = fields.find((candidate) => candidate === issue.path);
        if (field) named[field] ??= codeText(issue.code);
        else others.push(codeText(issue.code));
      }
      return { fields: named, message: others[0] };
    }
    return { fields: {}, message: failureText(error) };
  };
}
