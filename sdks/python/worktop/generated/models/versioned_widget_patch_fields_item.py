from enum import StrEnum


class VersionedWidgetPatchFieldsItem(StrEnum):
    EMAIL = "email"
    NAME = "name"
    NOTES = "notes"
    PHONE = "phone"
    SUBJECT = "subject"

    def __str__(self) -> str:
        return str(self.value)
