from enum import StrEnum


class ExportWarningsBodySort(StrEnum):
    CREATED_AT = "created_at"
    ID = "id"
    VALUE_1 = "-id"
    VALUE_3 = "-created_at"
    VALUE_5 = "-warning_date"
    WARNING_DATE = "warning_date"

    def __str__(self) -> str:
        return str(self.value)
