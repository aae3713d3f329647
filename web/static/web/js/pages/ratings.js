// The ratings ladder: rendered on the server (web.ladder); the script only fills the header's
// account (who is signed in).
import { initAccount } from "../session.js";

initAccount();
