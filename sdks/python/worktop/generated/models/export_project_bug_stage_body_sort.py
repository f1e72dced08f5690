from enum import StrEnum


class ExportProjectBugStageBodySort(StrEnum):
    CREATED_AT = "created_at"
    ID = "id"
    NAME = "name"
    ORDER = "order"
    VALUE_1 = "-id"
    VALUE_3 = "-created_at"
    VALUE_5 = "-order"
    VALUE_7 = "-name"

    def __str__(self) -> str:
        return str(self.value)
