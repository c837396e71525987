import { useSyncExternalStore } from 'react';
import { fieldLocation, type EditorTab, type FieldKey } from './refused-fields';

/**
 * The editor's open tab, kept outside the panel so that the status line, the pre-flight panel and
 * Copy can each take the person to a field on another tab ("fix the Instagram link").
 */
let openTab: EditorTab = 'Details';
const listeners = new Set<() => void>();

export function setEditorTab(tab: EditorTab) {
  if (tab === openTab) return;
  openTab = tab;
  listeners.forEach((listener) => listener());
}

export function useEditorTab(): EditorTab {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => openTab,
    () => openTab,
  );
}

/**
 * On a narrow screen the editor shows either the form or the preview (decision 0181); on a wide
 * one both, side by side, whatever this says.
 */
export type EditorView = 'edit' | 'preview';
let openView: EditorView = 'edit';

export function setEditorView(view: EditorView) {
  if (view === openView) return;
  openView = view;
  listeners.forEach((listener) => listener());
}

export function useEditorView(): EditorView {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => openView,
    () => openView,
  );
}

/** Opens the field's tab (and, on a phone, the form) and puts the cursor in it once it has rendered. */
export function showField(key: FieldKey) {
  const { tab, elementId } = fieldLocation(key);
  setEditorView('edit');
  setEditorTab(tab);
  if (!elementId) return;
  let tries = 0;
  const focus = () => {
    const element = document.getElementById(elementId);
    if (element) {
      element.focus();
      element.scrollIntoView({ block: 'center' });
    } else if ((tries += 1) < 20) requestAnimationFrame(focus);
  };
  requestAnimationFrame(focus);
}
