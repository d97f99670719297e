// Runs before the page is drawn. The landing page's HTML in index.html is shown only on the landing page.
// A signed-in address whose remote publishes a frame for it (the remote's frames.json: the screen as it stands before
// its data, the same for everyone, with its styles) has that frame painted before any of the app's code has run: on a
// repeat visit from the service worker's cache, on a first visit from the network while the app's code is still on its
// way. The frame is also kept in <template id="screen-frame">, for the app to draw until the screen is drawn. A frame
// is a picture of the screen: inert, so nothing in it takes a tap or a key until the screen itself does.
(function () {
  var path = location.pathname;
  if (path === '/') return;
  document.documentElement.setAttribute('data-page', 'app');
  // Which remote draws the address (the shell's routes, AppRoutes.tsx).
  var remote = /^\/students\/[^/]+\/(sessions|new-session)$/.test(path)
    ? 'sessions'
    : /^\/student-/.test(path)
      ? 'student'
      : /^\/(dashboard|admin-settings|account|students\/)/.test(path)
        ? 'parent'
        : '';
  if (!remote) return;

  // The remote's entry and its release (version.json, which names the files each screen needs first) are asked for
  // now, beside the app's own code instead of once it has run; the app takes the release's answer (releaseManifest.ts).
  var folder = '/mf/' + remote + '/';
  var entry = document.createElement('link');
  entry.rel = 'modulepreload';
  entry.href = folder + 'remoteEntry.js';
  document.head.append(entry);
  window.remoteRelease = {
    url: location.origin + folder + 'version.json',
    answer: fetch(folder + 'version.json', { cache: 'no-cache', credentials: 'omit', priority: 'high' }),
  };

  // A frame is a screen's plain address: a query (a draft to load, a session to correct) changes what the screen draws.
  if (location.search) return;

  function paint(frame) {
    if (location.pathname !== path) return;
    var styles = document.createElement('style');
    var kept = document.createElement('template');
    var root = document.getElementById('root');
    styles.textContent = frame.styles;
    kept.id = 'screen-frame';
    kept.setAttribute('data-path', path);
    kept.innerHTML = frame.html;
    document.head.append(styles, kept);
    // Painted only while the app has drawn nothing of its own: #root holds at most the hidden landing page.
    if (root && !root.querySelector(':scope > :not(.landing-prerender)'))
      root.innerHTML =
        '<main id="main" class="remote-main"><div class="screen-frame" inert>' + frame.html + '</div></main>';
    dispatchEvent(new Event('screenframe'));
  }

  // The app waits for this (main.tsx), briefly, before its first render, so that the frame is painted first.
  window.screenFrame = fetch(folder + 'frames.json')
    .then(function (response) {
      return response.ok ? response.json() : {};
    })
    .then(function (published) {
      // '/students/:studentId/sessions' is drawn at '/students/12/sessions'.
      var frame = (published.frames || []).filter(function (f) {
        return RegExp('^' + f.path.replace(/:\w+/g, '[^/]+') + '$').test(path);
      })[0];
      if (!frame) return;
      // Once the page's body is parsed.
      if (document.readyState !== 'loading') return paint(frame);
      return new Promise(function (painted) {
        document.addEventListener(
          'readystatechange',
          function () {
            painted(paint(frame));
          },
          { once: true },
        );
      });
    })
    .catch(function () {
      // No frame: the app's own loading state shows instead.
    });
})();
