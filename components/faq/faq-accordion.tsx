'use client';

import { useState, type ReactNode } from 'react';
import { Link, useRouter } from '@/lib/i18n/navigation';

export interface FaqAccordionCategory {
  key: string;
  title: string;
  questions: { anchor: string; title: string }[];
}

interface Props {
  label: string;
  categories: FaqAccordionCategory[];
  selectedCategory: string;
  selectedAnchor: string;
  /** The selected answer, shown under its question on narrow screens (the right pane shows it on wide ones). */
  inlineAnswer: ReactNode;
}

/**
 * The FAQ's accordion (docs/screens.md, FAQ): one category open at a time; opening a category selects its first
 * question, and a click on the open category only closes it. Each question is a link to its own page.
 */
export function FaqAccordion({ label, categories, selectedCategory, selectedAnchor, inlineAnswer }: Props) {
  const [open, setOpen] = useState<string | null>(selectedCategory);
  const router = useRouter();

  const toggle = (key: string) => {
    if (open === key) {
      setOpen(null);
      return;
    }
    setOpen(key);
    router.push(`/faq/${key}`, { scroll: false });
  };

  return (
    <nav aria-label={label}>
      <ul className="space-y-3">
        {categories.map((category) => {
          const expanded = open === category.key;
          return (
            <li key={category.key} className="overflow-hidden rounded-xl bg-white shadow-sm">
              <h2>
                <button
                  type="button"
                  id={`faq-category-${category.key}`}
                  aria-expanded={expanded}
                  aria-controls={`faq-questions-${category.key}`}
                  onClick={() => toggle(category.key)}
                  className="flex w-full items-center justify-between px-5 py-4 text-left text-lg font-semibold text-slate-900 hover:bg-slate-50"
                >
                  {category.title}
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 20 20"
                    className={`size-5 transition-transform ${expanded ? 'rotate-180' : ''}`}
                    fill="currentColor"
                  >
                    <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
                  </svg>
                </button>
              </h2>
              <ol
                id={`faq-questions-${category.key}`}
                hidden={!expanded}
                className="border-t border-slate-200 pb-2"
              >
                {category.questions.map((question, index) => {
                  const selected = question.anchor === selectedAnchor;
                  return (
                    <li key={question.anchor}>
                      <Link
                        href={`/faq/${question.anchor}`}
                        scroll={false}
                        prefetch={false}
                        aria-current={selected ? 'page' : undefined}
                        className="aria-[current=page]:bg-brand/10 aria-[current=page]:text-brand flex gap-3 px-5 py-2.5 text-slate-800 hover:bg-slate-50 aria-[current=page]:font-semibold"
                      >
                        <span className="text-slate-600 tabular-nums">{index + 1}.</span>
                        <span>{question.title}</span>
                      </Link>
                      {selected && <div className="px-5 pb-4 lg:hidden">{inlineAnswer}</div>}
                    </li>
                  );
                })}
              </ol>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
