'use client';

import { createContext, useContext, type ReactNode } from 'react';
import type { ErrorTexts } from './error-view';

const ErrorTextsContext = createContext<ErrorTexts | null>(null);

/**
 * Hands the error page's texts, translated by the layout on the server, to the error boundary (error.tsx), which
 * must be a client component: client components get their texts as props, no message catalogue is shipped.
 */
export function ErrorTextsProvider({ texts, children }: { texts: ErrorTexts; children: ReactNode }) {
  return <ErrorTextsContext.Provider value={texts}>{children}</ErrorTextsContext.Provider>;
}

export function useErrorTexts(): ErrorTexts | null {
  return useContext(ErrorTextsContext);
}
