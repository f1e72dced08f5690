from enum import StrEnum


class ExportAwardsBodySort(StrEnum):
    CREATED_AT = "created_at"
    DATE = "date"
    ID = "id"
    UPDATED_AT = "updated_at"
    VALUE_1 = "-id"
    VALUE_3 = "-created_at"
    VALUE_5 = "-updated_at"
    VALUE_7 = "-date"

    def __str__(self) -> str:
        return str(self.value)
