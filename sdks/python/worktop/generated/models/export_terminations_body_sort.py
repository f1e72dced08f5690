from enum import StrEnum


class ExportTerminationsBodySort(StrEnum):
    CREATED_AT = "created_at"
    ID = "id"
    TERMINATION_DATE = "termination_date"
    VALUE_1 = "-id"
    VALUE_3 = "-created_at"
    VALUE_5 = "-termination_date"

    def __str__(self) -> str:
        return str(self.value)
