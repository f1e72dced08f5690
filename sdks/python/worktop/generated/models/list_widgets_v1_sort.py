from enum import StrEnum


class ListWidgetsV1Sort(StrEnum):
    CREATED_AT = "created_at"
    ID = "id"
    NAME = "name"
    UPDATED_AT = "updated_at"
    VALUE_1 = "-id"
    VALUE_3 = "-created_at"
    VALUE_5 = "-updated_at"
    VALUE_7 = "-name"

    def __str__(self) -> str:
        return str(self.value)
