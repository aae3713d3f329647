"""Every saved user gets (or keeps up to date) their ``UsernameKey``, however they were made
(the sign-up service, ``createsuperuser``, the admin), so the unique key covers them all."""

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models.signals import post_save
from django.dispatch import receiver

from accounts.models import UsernameKey
from accounts.usernames import username_key


@receiver(post_save, sender=get_user_model())
def keep_username_key(sender: Any, instance: Any, created: bool, **kwargs: Any) -> None:
    """A save that names its fields without ``username`` (a login's ``last_login``) skips."""
    fields = kwargs.get("update_fields")
    if fields is not None and "username" not in fields:
        return
    UsernameKey.objects.update_or_create(
        user=instance, defaults={"key": username_key(instance.get_username())}
    )
