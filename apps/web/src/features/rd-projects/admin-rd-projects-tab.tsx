// The R&D issue (6) replaces this with the projects table, dialogs and applications management.
export function AdminRdProjectsTab() {
  return <p className="py-8 text-slate-700">R&amp;D project management is not available yet.</p>;
}
