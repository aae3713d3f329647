// A page with no script of its own (the rules, a path with no page): the site's header still
// says who is signed in and offers Sign in / Sign up, as on every other page.
import { initAccount } from "../session.js";

initAccount();
