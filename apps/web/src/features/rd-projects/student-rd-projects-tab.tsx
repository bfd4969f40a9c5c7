// The R&D issue (6) replaces this with the Browse / My Applications / Bookmarked browser.
export function StudentRdProjectsTab() {
  return <p className="py-8 text-slate-700">R&amp;D projects are not available yet.</p>;
}
