import { data, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';

import type { FaqEntry, Post, TourDetail } from '../shared/api-types';
import { AdminShell, BareLayout, GuideShell, Layout } from './components/Layout';
import { DEFAULT_IMAGE, notFoundMeta, SITE_NAME, type MetaArgs, type PageMeta, type RouteHandle } from './head';
import type { BlogListData } from './pages/BlogPages';
import { NotFoundPage, RouteErrorPage } from './pages/ErrorPages';
import type { TourData } from './pages/tour-page-data';
import { toursCopy, toursUrl, type ToursData } from './pages/tours-copy';
import { withStrings, type Namespace } from './i18n/catalogs';
import PAGE_STRINGS from './i18n/page-strings.json';
import { ADMIN_BASE, legacyRedirect } from '../shared/taxonomy';
import { OFFICE_HOURS } from '../shared/company';
import { LANGUAGES, type Lang } from '../shared/languages';

const notFound = () => data(null, { status: 404 });

/**
 * The pages' loaders (client/loaders.ts), fetched on the first navigation that needs one, beside
 * the page's own chunk: a page the server rendered hydrates from its data without them.
 */
const loaders = () => import('./loaders');
const load =
  <Name extends keyof Awaited<ReturnType<typeof loaders>>>(name: Name) =>
  async (args: LoaderFunctionArgs) =>
    ((await loaders())[name] as (args: LoaderFunctionArgs) => unknown)(args);

/** The admin's child routes: one lazily loaded screen each, under the guarded AdminLayout. */
const ADMIN_SCREENS: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import('./admin/DashboardScreen')).DashboardScreen }) },
  { path: 'dashboard/', lazy: async () => ({ Component: (await import('./admin/DashboardScreen')).DashboardScreen }) },
  { path: 'bookings/', lazy: async () => ({ Component: (await import('./admin/BookingsScreen')).BookingsScreen }) },
  { path: 'tour-dates/', lazy: async () => ({ Component: (await import('./admin/TourDatesScreen')).TourDatesScreen }) },
  { path: 'board/', lazy: async () => ({ Component: (await import('./admin/BoardScreen')).BoardScreen }) },
  { path: 'sky/', lazy: async () => ({ Component: (await import('./admin/SkyBoardScreen')).SkyBoardScreen }) },
  { path: 'tours/', lazy: async () => ({ Component: (await import('./admin/content/ToursScreen')).ToursScreen }) },
  { path: 'tours/:id/options/', lazy: async () => ({ Component: (await import('./admin/content/TourOptionsScreen')).TourOptionsScreen }) },
  { path: 'tours/:id/', lazy: async () => ({ Component: (await import('./admin/content/TourEditScreen')).TourEditScreen }) },
  { path: 'blog/', lazy: async () => ({ Component: (await import('./admin/content/BlogScreen')).BlogScreen }) },
  { path: 'blog/:id/', lazy: async () => ({ Component: (await import('./admin/content/PostEditScreen')).PostEditScreen }) },
  { path: 'faq/', lazy: async () => ({ Component: (await import('./admin/content/FaqScreen')).FaqScreen }) },
  { path: 'stays/', lazy: async () => ({ Component: (await import('./admin/content/StaysScreen')).StaysScreen }) },
  { path: 'chat-logs/', lazy: async () => ({ Component: (await import('./admin/ChatLogsScreen')).ChatLogsScreen }) },
  { path: 'resellers/', lazy: async () => ({ Component: (await import('./admin/ResellersScreen')).ResellersScreen }) },
  { path: 'gift-cards/', lazy: async () => ({ Component: (await import('./admin/GiftCardsScreen')).GiftCardsScreen }) },
  { path: 'promo-codes/', lazy: async () => ({ Component: (await import('./admin/PromoCodesScreen')).PromoCodesScreen }) },
  { path: 'deposits/', lazy: async () => ({ Component: (await import('./admin/DepositsScreen')).DepositsScreen }) },
  { path: 'resources/', lazy: async () => ({ Component: (await import('./admin/ResourcesScreen')).ResourcesScreen }) },
  { path: 'resources/:id/day/', lazy: async () => ({ Component: (await import('./admin/GuideDayScreen')).GuideDayScreen }) },
  { path: 'ratings/', lazy: async () => ({ Component: (await import('./admin/RatingsScreen')).RatingsScreen }) },
  { path: 'accounts/', lazy: async () => ({ Component: (await import('./admin/AccountsScreen')).AccountsScreen }) },
  { path: 'privacy/', lazy: async () => ({ Component: (await import('./admin/PrivacyScreen')).PrivacyScreen }) },
];

/** A page whose meta needs only its language: its title is followed by the site's name. */
const page = (meta: (args: MetaArgs) => PageMeta): RouteHandle => ({
  meta: (args) => {
    const own = meta(args);
    return { ...own, title: `${own.title} | ${SITE_NAME}` };
  },
});

const handle = <Data,>(meta: RouteHandle<Data>['meta']): RouteHandle => ({ meta: meta as RouteHandle['meta'] });

/**
 * A lazily loaded page's handle names its module, so that the server preloads its chunk with the
 * page (no waterfall), and the namespace of strings it loads (client/i18n/page-strings.json, which
 * the size bench reads too).
 */
const withModule = (module: string, routeHandle: RouteHandle): RouteHandle => {
  const strings = (PAGE_STRINGS as Record<string, Namespace[] | undefined>)[module];
  return { ...routeHandle, module, ...(strings && { strings }) };
};

function toursMeta(data: ToursData, path: string, { t, lang }: MetaArgs): PageMeta {
  const { heading, subtitle } = toursCopy(t, lang, data.location, data.category);
  const description = data.category === 'Snowmobile' ? `${subtitle} ${t('tours.snowmobileFrom')}` : subtitle;
  // The breadcrumb shows a category or place by name; the full list is "All Tours" (its trail ends at Tours).
  const current = data.category ?? data.location;
  // Shared with the picture of the first tour it lists.
  const first = data.tours[0];
  const image = first ? { image: first.image_url, imageAlt: first.image_alt } : {};
  return { title: `${heading} | ${SITE_NAME}`, description, path, ...image, ...(current ? { jsonLd: [{ kind: 'breadcrumb' as const, current: { name: current, path } }] } : {}) };
}

function tourMeta({ tour, offer }: TourData, lang: Lang): PageMeta {
  return {
    title: `${tour.title} | ${SITE_NAME}`,
    description: tour.short_description,
    path: `/tours/${tour.slug}/`,
    // Its share card: the tour's picture with its name (in the page's language) and the logo, made by the server.
    image: `/images/share/tours/${lang}/${tour.slug}.jpg`,
    imageAlt: tour.image_alt,
    jsonLd: [{ kind: 'tour', tour, offer }, { kind: 'breadcrumb', current: { name: tour.title, path: `/tours/${tour.slug}/` } }],
  };
}


/** The booking page, standing alone (no other route matches while on it), under a language's prefix. */
const bookRoute = (prefix: string): RouteObject => ({
  path: `${prefix}/book/:tourId/`,
  Component: BareLayout,
  ErrorBoundary: RouteErrorPage,
  children: [
    {
      index: true,
      lazy: async () => ({ Component: (await withStrings(['booking'], import('./pages/BookPage'))).BookPage }),
      loader: load('bookLoader'),
      handle: withModule(
        'client/pages/BookPage.tsx',
        handle<{ tour: TourDetail }>(({ data: { tour }, t }) => ({
          title: `${t('meta.book.title', { tour: tour.title })} | ${SITE_NAME}`,
          description: t('meta.book.description', { tour: tour.title }),
          path: `/book/${tour.id}/`,
          // A page people search for ("book a dog sled tour in Kiruna"): indexed, with its own canonical.
        })),
      ),
    },
  ],
});

/** The public site under a language's prefix: the header, nav and footer around every page. */
const siteRoute = (prefix: string): RouteObject => ({
  path: `${prefix}/`,
  Component: Layout,
  ErrorBoundary: RouteErrorPage,
  children: [
    {
      ErrorBoundary: RouteErrorPage,
      handle: handle(notFoundMeta),
      children: [
        {
          index: true,
          lazy: async () => ({ Component: (await withStrings(['browse'], import('./pages/HomePage'))).HomePage }),
          loader: load('homeLoader'),
          handle: withModule('client/pages/HomePage.tsx', page(({ t }) => ({ title: t('meta.home.title'), description: t('meta.home.description'), path: '/', image: DEFAULT_IMAGE }))),
        },
        {
          path: 'about/',
          lazy: async () => ({ Component: (await withStrings(['pages'], import('./pages/StaticPages'))).AboutPage }),
          handle: withModule('client/pages/StaticPages.tsx', page(({ t }) => ({
            title: t('meta.about.title'),
            description: t('meta.about.description'),
            path: '/about/',
            image: '/images/art/husky-family.svg',
            imageAlt: t('meta.about.imageAlt'),
          }))),
        },
        {
          path: 'tours/',
          lazy: async () => ({ Component: (await withStrings(['browse'], import('./pages/tour-pages'))).ToursPage }),
          loader: load('toursLoader'),
          handle: withModule('client/pages/tour-pages.tsx', handle<ToursData>((args) => toursMeta(args.data, toursUrl(args.data), args))),
        },
        {
          path: 'tours/:slug/',
          ErrorBoundary: RouteErrorPage,
          loader: load('tourOrCategoryLoader'),
          lazy: async () => ({ Component: (await withStrings(['browse'], import('./pages/tour-pages'))).TourOrCategoryPage }),
          handle: withModule(
            'client/pages/tour-pages.tsx',
            handle<ToursData | TourData>((args) => (args.data.kind === 'tour' ? tourMeta(args.data, args.lang) : toursMeta(args.data, `/tours/${args.params.slug}/`, args))),
          ),
        },
        {
          path: 'faq/',
          lazy: async () => ({ Component: (await withStrings(['browse'], import('./pages/FaqPage'))).FaqPage }),
          loader: load('faqLoader'),
          handle: withModule('client/pages/FaqPage.tsx', handle<{ faq: FaqEntry[] }>(({ data, t }) => ({
            title: `${t('meta.faq.title')} | ${SITE_NAME}`,
            description: t('meta.faq.description'),
            path: '/faq/',
            image: '/images/art/aurora-cabin.svg',
            imageAlt: t('meta.faq.imageAlt'),
            jsonLd: [{ kind: 'faq', faq: data.faq }],
          }))),
        },
        {
          path: 'blog/',
          lazy: async () => ({ Component: (await withStrings(['browse'], import('./pages/BlogPages'))).BlogListPage }),
          // Spec section 4: loads once and ends in list, empty or error.
          loader: load('blogLoader'),
          shouldRevalidate: () => false,
          handle: withModule('client/pages/BlogPages.tsx', handle<BlogListData>(({ data, t }) => ({
            title: `${t('meta.blog.title')} | ${SITE_NAME}`,
            description: t('meta.blog.description'),
            path: '/blog/',
            // Shared with the newest post's cover, or the site's own picture.
            ...(data.posts[0]?.cover_image_url ? { image: data.posts[0].cover_image_url, imageAlt: data.posts[0].cover_image_alt } : {}),
            jsonLd: [{ kind: 'blog', posts: data.posts }],
          }))),
        },
        {
          path: 'blog/:slug/',
          lazy: async () => ({ Component: (await withStrings(['browse'], import('./pages/BlogPages'))).BlogPostPage }),
          loader: load('postLoader'),
          handle: withModule('client/pages/BlogPages.tsx', handle<{ post: Post }>(({ data: { post } }) => ({
            title: `${post.title} | ${SITE_NAME}`,
            description: post.excerpt,
            path: `/blog/${post.slug}/`,
            // Without a cover, the site's own share picture.
            ...(post.cover_image_url ? { image: post.cover_image_url, imageAlt: post.cover_image_alt } : {}),
            type: 'article',
            jsonLd: [{ kind: 'post', post }],
          }))),
        },
        {
          path: 'contact/',
          lazy: async () => ({ Component: (await withStrings(['pages'], import('./pages/StaticPages'))).ContactPage }),
          handle: withModule('client/pages/StaticPages.tsx', page(({ t }) => ({
            title: t('meta.contact.title'),
            description: t('meta.contact.description', { hours: OFFICE_HOURS }),
            path: '/contact/',
            image: '/images/art/kiruna.svg',
            imageAlt: t('meta.contact.imageAlt'),
          }))),
        },
        {
          path: 'privacy/',
          lazy: async () => ({ Component: (await withStrings(['pages'], import('./pages/StaticPages'))).PrivacyPage }),
          handle: withModule('client/pages/StaticPages.tsx', page(({ t }) => ({
            title: t('meta.privacy.title'),
            description: t('meta.privacy.description'),
            path: '/privacy/',
            image: '/images/art/abisko.svg',
            imageAlt: t('meta.privacy.imageAlt'),
          }))),
        },
        ...(
          [
            ['checkout', 'CheckoutPage', 'meta.checkout.title'],
            ['success', 'SuccessPage', 'meta.success.title'],
            ['cancel', 'CancelPage', 'meta.cancel.title'],
          ] as const
        ).map(([step, component, title]) => ({
          path: `${step}/`,
          lazy: async () => ({ Component: (await withStrings(['trip'], import('./pages/PaymentPages')))[component] }),
          loader: load('paymentStepLoader'),
          handle: withModule('client/pages/PaymentPages.tsx', page(({ t }) => ({ title: t(title), description: t('meta.payment.description'), path: `/${step}/`, robots: 'noindex, follow' }))),
        })),
        ...(
          [
            ['gift-cards/', 'GiftCardShopPage', 'meta.giftCards.title', undefined],
            ['gift-cards/card/', 'GiftCardPrintPage', 'meta.giftCard.title', 'noindex, nofollow'],
          ] as const
        ).map(([path, component, title, robots]) => ({
          path,
          lazy: async () => ({ Component: (await withStrings(['gifts'], import('./pages/GiftCardPages')))[component] }),
          ...(robots ? { loader: load('giftCardLoader') } : {}),
          handle: withModule('client/pages/GiftCardPages.tsx', page(({ t }) => ({ title: t(title), description: t('meta.giftCards.description'), path: `/${path}`, robots }))),
        })),
        {
          path: 'rate/',
          lazy: async () => ({ Component: (await withStrings(['followup'], import('./pages/FollowUpPages'))).RatePage }),
          handle: withModule('client/pages/FollowUpPages.tsx', page(({ t }) => ({ title: t('meta.rate.title'), description: t('meta.waitlist.description'), path: '/rate/', robots: 'noindex, nofollow' }))),
        },
        {
          path: 'recover/',
          lazy: async () => ({ Component: (await withStrings(['followup'], import('./pages/FollowUpPages'))).RecoverPage }),
          handle: withModule('client/pages/FollowUpPages.tsx', page(({ t }) => ({ title: t('meta.recover.title'), description: t('meta.waitlist.description'), path: '/recover/', robots: 'noindex, nofollow' }))),
        },
        {
          path: 'waitlist/',
          lazy: async () => ({ Component: (await withStrings(['followup'], import('./pages/FollowUpPages'))).WaitlistPage }),
          handle: withModule('client/pages/FollowUpPages.tsx', page(({ t }) => ({ title: t('meta.waitlist.title'), description: t('meta.waitlist.description'), path: '/waitlist/', robots: 'noindex, nofollow' }))),
        },
        {
          path: 'booking/',
          lazy: async () => ({ Component: (await withStrings(['trip'], import('./pages/ManagePages'))).FindBookingPage }),
          handle: withModule('client/pages/ManagePages.tsx', page(({ t }) => ({ title: t('meta.findBooking.title'), description: t('meta.findBooking.description'), path: '/booking/', robots: 'noindex, follow' }))),
        },
        {
          path: 'booking/manage/',
          lazy: async () => ({ Component: (await withStrings(['trip'], import('./pages/ManagePages'))).ManageBookingPage }),
          loader: load('manageLoader'),
          handle: withModule('client/pages/ManagePages.tsx', page(({ t }) => ({ title: t('meta.manage.title'), description: t('meta.manage.description'), path: '/booking/manage/', robots: 'noindex, nofollow' }))),
        },
        {
          // /login, /admin and /admin/*: the server answers these first; this covers client navigation.
          path: '*',
          Component: NotFoundPage,
          loader: ({ request }) => {
            const target = legacyRedirect(new URL(request.url).pathname);
            if (target) throw redirect(target);
            throw notFound();
          },
          handle: handle(notFoundMeta),
        },
      ],
    },
  ],
});

/** English on the spec's routes, Swedish under /sv/ and German under /de/: the same pages. */
export const routes: RouteObject[] = [
  bookRoute(''),
  ...LANGUAGES.filter((lang) => lang !== 'en').map((lang) => bookRoute(`/${lang}`)),
  {
    // The staff's own shell: no public header or footer.
    path: `${ADMIN_BASE}/`,
    Component: AdminShell,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        path: 'login/',
        lazy: async () => ({ Component: (await import('./admin/AdminPages')).AdminLoginPage }),
        handle: page(() => ({ title: 'Logga in', description: 'Personalens inloggning.', path: `${ADMIN_BASE}/login/`, robots: 'noindex, nofollow', lang: 'sv' })),
      },
      {
        lazy: async () => ({ Component: (await import('./admin/AdminPages')).AdminLayout }),
        handle: page(() => ({ title: 'Administration', description: 'Norrsken Arctic Tours administration.', path: `${ADMIN_BASE}/`, robots: 'noindex, nofollow', lang: 'sv' })),
        children: ADMIN_SCREENS,
      },
    ],
  },
  {
    // The guide app (issue 51): the staff's phone at the meeting point, offline; its own shell and service worker scope.
    path: '/guide/',
    Component: GuideShell,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./guide/GuideApp')).GuideApp }),
        handle: page(() => ({ title: 'Guide', description: 'Incheckning vid mötesplatsen för Norrskens guider.', path: '/guide/', robots: 'noindex, nofollow', lang: 'sv', app: { manifest: '/guide/manifest.webmanifest', themeColor: '#05070d' } })),
      },
    ],
  },
  siteRoute(''),
  ...LANGUAGES.filter((lang) => lang !== 'en').map((lang) => siteRoute(`/${lang}`)),
];
