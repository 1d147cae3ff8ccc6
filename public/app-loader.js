// Loads the app on a page the server rendered, once its first screen is on it (decision 014, «The app after the
// first screen»). The page came without the app's script and preload tags (worker/pages/page-template.ts): they are
// listed in the #forma-app-scripts data block, and are added here when the page has been parsed and painted and the
// images its first screen asked for first (fetchpriority=high) have loaded or failed, or WAIT_MS after the page was
// parsed, whichever comes first (a hidden tab paints nothing; a cover that never answers must not keep the app away).
(function () {
  var WAIT_MS = 2500;
  var loaded = false;

  function load() {
    if (loaded) return;
    loaded = true;
    var block = document.getElementById('forma-app-scripts');
    var tags = block ? JSON.parse(block.textContent || '[]') : [];
    for (var i = 0; i < tags.length; i++) {
      var element = document.createElement(tags[i][0]);
      var attributes = tags[i][1];
      for (var name in attributes) element.setAttribute(name, attributes[name]);
      document.head.appendChild(element);
    }
  }

  function whenImagesSettle(done) {
    var images = document.querySelectorAll('img[fetchpriority="high"]');
    var waiting = 0;
    function settled() {
      waiting -= 1;
      if (waiting === 0) done();
    }
    for (var i = 0; i < images.length; i++) {
      if (images[i].complete) continue;
      waiting += 1;
      images[i].addEventListener('load', settled, { once: true });
      images[i].addEventListener('error', settled, { once: true });
    }
    if (waiting === 0) done();
  }

  function parsed() {
    setTimeout(load, WAIT_MS);
    // a task queued from an animation frame runs after that frame has been painted
    requestAnimationFrame(function () {
      setTimeout(function () {
        whenImagesSettle(load);
      }, 0);
    });
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', parsed, { once: true });
  else parsed();
})();
