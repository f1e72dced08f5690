from enum import StrEnum


class BatchChangeWidgetPatchFieldsItem(StrEnum):
    EMAIL = "email"
    NAME = "name"
    NOTES = "notes"
    PHONE = "phone"
    SUBJECT = "subject"

    def __str__(self) -> str:
        return str(self.value)
