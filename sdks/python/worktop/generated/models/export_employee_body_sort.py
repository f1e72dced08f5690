from enum import StrEnum


class ExportEmployeeBodySort(StrEnum):
    CREATED_AT = "created_at"
    DATE_OF_JOINING = "date_of_joining"
    EMPLOYEE_CODE = "employee_code"
    ID = "id"
    NAME = "name"
    UPDATED_AT = "updated_at"
    VALUE_1 = "-id"
    VALUE_11 = "-date_of_joining"
    VALUE_3 = "-created_at"
    VALUE_5 = "-updated_at"
    VALUE_7 = "-name"
    VALUE_9 = "-employee_code"

    def __str__(self) -> str:
        return str(self.value)
