import { useEffect } from 'react';

/**
 * The tab's title. The prerendered HTML already has it; this keeps it right when the app
 * shows a public page after a client-side navigation, and for pages that are not prerendered.
 */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
