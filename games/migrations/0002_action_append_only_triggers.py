"""Make the database itself refuse UPDATE and DELETE of action rows (see games.append_only)."""

from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps

from games.append_only import install_statements, uninstall_statements


def install(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    for statement in install_statements(schema_editor.connection.vendor):
        schema_editor.execute(statement, params=None)


def uninstall(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    for statement in uninstall_statements(schema_editor.connection.vendor):
        schema_editor.execute(statement, params=None)


class Migration(migrations.Migration):
    dependencies = [("games", "0001_initial")]

    operations = [migrations.RunPython(install, uninstall)]
