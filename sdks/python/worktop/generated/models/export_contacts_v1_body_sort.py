from enum import StrEnum


class ExportContactsV1BodySort(StrEnum):
    CREATED_AT = "created_at"
    EMAIL = "email"
    ID = "id"
    NAME = "name"
    VALUE_1 = "-id"
    VALUE_3 = "-created_at"
    VALUE_5 = "-name"
    VALUE_7 = "-email"

    def __str__(self) -> str:
        return str(self.value)
