from enum import StrEnum


class ExportCustomFieldsBodySort(StrEnum):
    CREATED_AT = "created_at"
    ID = "id"
    POSITION = "position"
    UPDATED_AT = "updated_at"
    VALUE_1 = "-id"
    VALUE_3 = "-created_at"
    VALUE_5 = "-updated_at"
    VALUE_7 = "-position"

    def __str__(self) -> str:
        return str(self.value)
