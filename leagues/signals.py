"""A deleted account leaves its leagues: account deletion (``games``, a lower layer) renames
the player ``deleted-…`` and makes it inactive, and knows nothing of leagues; this hears the
save, as ``accounts.signals`` keeps the username's key."""

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models.signals import post_save
from django.dispatch import receiver

from accounts.deleted import is_deleted_name
from accounts.usernames import username_key


@receiver(post_save, sender=get_user_model())
def deleted_account_leaves_its_leagues(
    sender: Any, instance: Any, created: bool, **kwargs: Any
) -> None:
    if created or instance.is_active or not is_deleted_name(username_key(instance.username)):
        return
    from leagues.services import account_gone

    account_gone(instance)
