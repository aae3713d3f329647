// A path with no page: the site's header (who is signed in) around a 404 in the reader's words.
import { initAccount } from "../session.js";

initAccount();
