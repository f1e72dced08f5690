from enum import StrEnum


class ExportLeadBodySort(StrEnum):
    CREATED_AT = "created_at"
    FOLLOW_UP_DATE = "follow_up_date"
    ID = "id"
    NAME = "name"
    ORDER = "order"
    UPDATED_AT = "updated_at"
    VALUE_1 = "-id"
    VALUE_11 = "-follow_up_date"
    VALUE_3 = "-created_at"
    VALUE_5 = "-updated_at"
    VALUE_7 = "-name"
    VALUE_9 = "-order"

    def __str__(self) -> str:
        return str(self.value)
