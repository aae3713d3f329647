"""The database function that writes a move in one statement (see games.move_function)."""

from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps

from games.move_function import install_statements, uninstall_statements


def install(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    for statement in install_statements(schema_editor.connection.vendor):
        schema_editor.execute(statement, params=None)


def uninstall(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    for statement in uninstall_statements(schema_editor.connection.vendor):
        schema_editor.execute(statement, params=None)


class Migration(migrations.Migration):
    dependencies = [("games", "0012_daily_par_optimiser")]

    operations = [migrations.RunPython(install, uninstall)]
