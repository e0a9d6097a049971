// The async boundary lets Module Federation negotiate shared modules before the app runs.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
