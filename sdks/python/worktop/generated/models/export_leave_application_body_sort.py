from enum import StrEnum


class ExportLeaveApplicationBodySort(StrEnum):
    CREATED_AT = "created_at"
    END_DATE = "end_date"
    ID = "id"
    START_DATE = "start_date"
    UPDATED_AT = "updated_at"
    VALUE_1 = "-id"
    VALUE_3 = "-created_at"
    VALUE_5 = "-updated_at"
    VALUE_7 = "-start_date"
    VALUE_9 = "-end_date"

    def __str__(self) -> str:
        return str(self.value)
