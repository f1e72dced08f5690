from enum import StrEnum


class ExportEventsBodySort(StrEnum):
    CREATED_AT = "created_at"
    ID = "id"
    START_DATE = "start_date"
    VALUE_1 = "-id"
    VALUE_3 = "-created_at"
    VALUE_5 = "-start_date"

    def __str__(self) -> str:
        return str(self.value)
