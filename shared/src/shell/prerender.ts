/**
 * What the pre-render (platform/src/prerender/) asks of the app in its headless browser: the page
 * boots as usual, recording the public answers its screens show; once they are all on screen,
 * `LM_PRERENDER_RENDER()` renders the same app to HTML with those answers (react-dom/server,
 * in a chunk of its own that only this fetches), the markup React hydrates on a phone.
 */
import type { ReactNode } from 'react';
import { recordInlined, seedInlined, type InlinedAnswers } from '../api/inlined';

interface PrerenderWindow {
  /** set by the pre-render before the page loads */
  LM_PRERENDER?: boolean;
  LM_PRERENDER_RENDER?: () => Promise<{ html: string; answers: InlinedAnswers }>;
}

const win = () => window as unknown as PrerenderWindow;

export const isPrerendering = (): boolean => win().LM_PRERENDER === true;

export function offerPrerender(app: ReactNode): void {
  const answers = recordInlined();
  win().LM_PRERENDER_RENDER = async () => {
    const { renderToReadableStream } = await import(/* webpackChunkName: "prerender" */ 'react-dom/server');
    seedInlined(answers);
    const problems: unknown[] = [];
    const stream = await renderToReadableStream(app, { onError: (e) => void problems.push(e) });
    await stream.allReady;
    const html = await new Response(stream).text();
    // a screen that failed renders its client fallback: such a page is not published
    if (problems.length) throw new Error(`the page did not render: ${problems.map(String).join('; ')}`);
    return { html, answers };
  };
}
