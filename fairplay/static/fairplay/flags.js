// The staff review page: the forms work without a script; this only shows who is signed in.
import { initAccount } from "../web/js/session.js";

initAccount();
