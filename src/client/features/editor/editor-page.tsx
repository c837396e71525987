export function EditorPage() {
  return <main className="p-8">Loading the editor…</main>;
}
