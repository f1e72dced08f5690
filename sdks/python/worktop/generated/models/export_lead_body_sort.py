from enum import StrEnum


class ExportLeadBodySort(StrEnum):
    CREATED_AT = "created_at"
    FOLLOW_UP_DATE = "follow_up_date"
    ID = "id"
    NAME = "name"
    ORDER = "order"
    VALUE_1 = "-id"
    VALUE_3 = "-created_at"
    VALUE_5 = "-name"
    VALUE_7 = "-order"
    VALUE_9 = "-follow_up_date"

    def __str__(self) -> str:
        return str(self.value)
