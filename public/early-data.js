// Starts the first page's API calls while the app's JavaScript is still on its way (decision 014, «Data in parallel
// with the JavaScript»): the signed-in person, and the first page of /AllEvents or /AllMentors opened without
// filters. web/lib/early-data.ts hands each answer to the app's first request for the same path and query, once.
// The paths must be the ones the app asks for: tests/web/early-data.test.ts checks them against the app's builders.
(function () {
  var EVENTS_FIRST_PAGE = '/api/events/load_more/?offset=0&limit=20&show_past=false&sort=soonest';
  var MENTORS_FIRST_PAGE = '/api/users?offset=0&limit=24';
  var SESSION = '/api/users/me?full=1';
  var responses = {};
  function start(path) {
    responses[path] = fetch(path, { credentials: 'same-origin' });
    // an answer nobody takes must not surface as an unhandled rejection
    responses[path].catch(function () {});
  }
  var page = location.pathname.replace(/\/+$/, '');
  // a page the server rendered came with its data (web/app/server-render.tsx)
  var rendered = document.documentElement.hasAttribute('data-server-rendered');
  if (!rendered && !location.search && page === '/AllEvents') start(EVENTS_FIRST_PAGE);
  if (!rendered && !location.search && page === '/AllMentors') start(MENTORS_FIRST_PAGE);
  start(SESSION);
  window.__formaEarly = { startedAt: Date.now(), responses: responses };
})();
