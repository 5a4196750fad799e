/** Public pages the browser suites visit: every route of spec section 2, with a tour, a post and filters. */
export const PUBLIC_PAGES = [
  '/',
  '/about/',
  '/tours/',
  '/tours/?location=Abisko',
  '/tours/northern-lights/',
  '/tours/drive-your-own-dog-sled-team/',
  '/faq/',
  '/blog/',
  '/blog/what-to-wear-in-lapland-in-winter/',
  '/contact/',
  '/privacy/',
  '/gift-cards/',
];
