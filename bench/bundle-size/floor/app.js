// The floor of the bundle-size bench: the smallest app with what every page of the portal needs
// before its own code, React 19 and react-router's declarative router with two routes and a link.
// Plain createElement (no JSX) so that it builds without a loader.
import { createElement as h, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// eslint-disable-next-line no-restricted-imports -- the floor is react-router itself, without the portal's adapter
import { BrowserRouter, Link, Route, Routes } from 'react-router';

function Page({ title }) {
  return h('main', null, h('h1', null, title), h(Link, { to: '/translate' }, 'Translate'));
}

createRoot(globalThis.document.getElementById('root')).render(
  h(
    StrictMode,
    null,
    h(BrowserRouter, null, h(Routes, null, h(Route, { path: '/', element: h(Page, { title: 'Home' }) }), h(Route, { path: '/translate', element: h(Page, { title: 'Translate' }) }))),
  ),
);
