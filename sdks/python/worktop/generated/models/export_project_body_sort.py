from enum import StrEnum


class ExportProjectBodySort(StrEnum):
    BUDGET = "budget"
    CREATED_AT = "created_at"
    END_DATE = "end_date"
    ID = "id"
    NAME = "name"
    VALUE_1 = "-id"
    VALUE_3 = "-created_at"
    VALUE_5 = "-name"
    VALUE_7 = "-end_date"
    VALUE_9 = "-budget"

    def __str__(self) -> str:
        return str(self.value)
