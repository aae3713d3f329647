"""The service's settings with a cheap password hasher first, for test servers that sign up
players by the hundred.

Django's default hasher costs about 0.4 s of CPU per sign-up or sign-in here, on purpose; the
browser tests sign up over two hundred players and the schema fuzz more, and none of them
measures what a password costs. A server started with ``DJANGO_SETTINGS_MODULE`` naming this
module (``tests.support.servers.CHEAP_HASHING``) hashes new passwords with MD5 and still
checks the default hasher's (a staff password made with it keeps working). The servers of
the tests that measure sign-in cost or bound password checks keep the real settings.
"""

from django.conf import global_settings

from canfield_site.settings import *  # noqa: F403  (the whole service configuration)

# The service keeps Django's default list; MD5 goes first, the defaults stay to check with.
PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.MD5PasswordHasher",
    *global_settings.PASSWORD_HASHERS,
]
