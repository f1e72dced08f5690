from enum import StrEnum


class ListFaQsSort(StrEnum):
    CREATED_AT = "created_at"
    ID = "id"
    TITLE = "title"
    UPDATED_AT = "updated_at"
    VALUE_1 = "-id"
    VALUE_3 = "-created_at"
    VALUE_5 = "-updated_at"
    VALUE_7 = "-title"

    def __str__(self) -> str:
        return str(self.value)
