// Runs before the page is drawn: the landing page's HTML in index.html is shown only on the landing page.
if (location.pathname !== '/') document.documentElement.setAttribute('data-page', 'app');
