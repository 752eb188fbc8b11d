/** Leaves the app for a platform's page (kept in one place so tests can stub it). */
export const browser = {
  assign(url: string) {
    window.location.assign(url);
  },
};
