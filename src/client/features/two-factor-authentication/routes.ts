import type { RouteEntry } from '../../routing/types';

const chunk = {
  overview: () => import(/* webpackChunkName: "two-factor" */ './screens/two-factor-screen'),
  enable: () => import(/* webpackChunkName: "two-factor" */ './screens/enable-two-factor-screen'),
  disable: () => import(/* webpackChunkName: "two-factor" */ './screens/disable-two-factor-screen'),
};

const title = (code: string, english: string) => ({ code: `two-factor.${code}`, english });

/**
 * spec §2 /two-factor-authentication: enable-2fa, disable-2fa. The spec names no permission: every
 * signed-in user may protect their own account (the profile links here). A platform administrator
 * has it too (spec §7 "Master also has 2fa"): on the master host it is in the menu.
 */
export const twoFactorRoutes: readonly RouteEntry[] = [
  {
    name: 'r_two-factor-authentication',
    path: '/two-factor-authentication',
    title: title('title', 'Two-factor sign-in'),
    surface: 'browser',
    master: true,
    menu: 'master',
    screen: chunk.overview,
    children: [
      {
        name: 'r_two-factor-authentication-enable-2fa',
        path: 'enable-2fa',
        title: title('enable', 'Turn on two-factor sign-in'),
        screen: chunk.enable,
      },
      {
        name: 'r_two-factor-authentication-disable-2fa',
        path: 'disable-2fa',
        title: title('disable', 'Turn off two-factor sign-in'),
        screen: chunk.disable,
      },
    ],
  },
];
