from enum import StrEnum


class ExportLeaveApplicationBodySort(StrEnum):
    CREATED_AT = "created_at"
    END_DATE = "end_date"
    ID = "id"
    START_DATE = "start_date"
    VALUE_1 = "-id"
    VALUE_3 = "-created_at"
    VALUE_5 = "-start_date"
    VALUE_7 = "-end_date"

    def __str__(self) -> str:
        return str(self.value)
