/** @jest-environment jsdom */
import { act, render, screen, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { KeptLegalDocument } from '@/components/legal/kept-legal-document';
import { LEGAL_ARTICLE_ID, LegalDocumentView } from '@/components/legal/legal-document-view';
import type { LegalDocumentContent } from '@/lib/legal/document';

/*
 * In the browser a legal text's article has no text of React's (its payload carries a key): hydration keeps the
 * server's article, and after a navigation in the browser the article is taken from the address's HTML.
 */

const CONTENT: LegalDocumentContent = {
  heading: 'Termeni și condiții',
  intro: 'Acești termeni reglementează vânzarea.',
  lastUpdated: 'Ultima actualizare: 27 noiembrie 2026 · Versiunea 1.1',
  updatedOn: '2026-11-27',
  contentsLabel: 'Cuprins',
  sections: [
    [
      'definitions',
      {
        title: 'Definiții',
        paragraphs: ['Vânzătorul este Road Partners.'],
        items: [],
        closing: [],
        subsections: [],
      },
    ],
  ],
};

const fetchMock = jest.fn<Promise<Response>, [string, RequestInit?]>();

beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
});

test('hydration keeps the article the server rendered and asks for nothing', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<LegalDocumentView {...CONTENT} />);
  document.body.append(container);
  await act(async () => {
    hydrateRoot(container, <KeptLegalDocument id="kept-on-the-server" />);
  });

  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Termeni și condiții');
  expect(screen.getByRole('heading', { level: 2, name: 'Definiții' })).toBeInTheDocument();
  expect(fetchMock).not.toHaveBeenCalled();
  container.remove();
});

test("after a navigation in the browser the article is taken from the address's HTML", async () => {
  const served = `<!DOCTYPE html><html><body><main>${renderToString(<LegalDocumentView {...CONTENT} />)}</main></body></html>`;
  // jsdom has no Response: what the component reads of one.
  fetchMock.mockResolvedValue({ ok: true, status: 200, text: async () => served } as Response);
  render(<KeptLegalDocument id="kept-on-the-server" />);

  expect(await screen.findByRole('heading', { level: 2, name: 'Definiții' })).toBeInTheDocument();
  expect(screen.getByText('Vânzătorul este Road Partners.')).toBeInTheDocument();
  expect(document.querySelectorAll(`#${LEGAL_ARTICLE_ID}`)).toHaveLength(1);
  expect(fetchMock).toHaveBeenCalledWith(
    window.location.href,
    expect.objectContaining({ headers: { accept: 'text/html' } }),
  );
});

test('another text in the same place (a new version of the page) is taken again', async () => {
  const servedWith = (heading: string) =>
    `<html><body>${renderToString(<LegalDocumentView {...CONTENT} heading={heading} />)}</body></html>`;
  fetchMock.mockResolvedValueOnce({
    ok: true,
    status: 200,
    text: async () => servedWith('Versiunea 1.1'),
  } as Response);
  const { rerender } = render(<KeptLegalDocument id="first" />);
  expect(await screen.findByRole('heading', { level: 1, name: 'Versiunea 1.1' })).toBeInTheDocument();

  fetchMock.mockResolvedValueOnce({
    ok: true,
    status: 200,
    text: async () => servedWith('Versiunea 1.2'),
  } as Response);
  rerender(<KeptLegalDocument id="second" />);
  expect(await screen.findByRole('heading', { level: 1, name: 'Versiunea 1.2' })).toBeInTheDocument();
  expect(fetchMock).toHaveBeenCalledTimes(2);
});

test('a page that answers without its article is not asked for again (a reload would bring the same)', async () => {
  fetchMock.mockResolvedValue({
    ok: true,
    status: 200,
    text: async () => '<html><body></body></html>',
  } as Response);
  // jsdom cannot load a page: a reload is reported on the console as "Not implemented: navigation".
  const reported = jest.spyOn(console, 'error').mockImplementation(() => {});
  const { container } = render(<KeptLegalDocument id="not-kept" />);

  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  await act(async () => {});
  expect(container.querySelector(`#${LEGAL_ARTICLE_ID}`)).toBeEmptyDOMElement();
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(reported.mock.calls.flat().map(String).join(' ')).not.toMatch(/navigation/);
  reported.mockRestore();
});
