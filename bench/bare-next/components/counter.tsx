'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';

export function Counter() {
  const t = useTranslations('Counter');
  const [count, setCount] = useState(0);
  return (
    <button
      type="button"
      className="rounded bg-blue-700 px-4 py-2 text-white"
      onClick={() => setCount(count + 1)}
    >
      {t('label', { count })}
    </button>
  );
}
